#!/usr/bin/env bash
# Attach a pre-formatted EBS scratch volume to this instance and mount it.
# The volume is located by tag (Purpose=scratch, Owner=<team>) in our AZ.
# It must already carry a filesystem; this script never formats anything.
set -euo pipefail

TEAM="${1:?usage: $0 <team> [mountpoint]}"
MOUNTPOINT="${2:-/mnt/scratch}"
DEVICE_NAME="/dev/sdf"
IMDS="http://169.254.169.254/latest"

log() { echo "[ebs-scratch] $*"; }

imds() {
    local token
    token=$(curl -s -X PUT "$IMDS/api/token" -H "X-aws-ec2-metadata-token-ttl-seconds: 60")
    curl -s -H "X-aws-ec2-metadata-token: $token" "$IMDS/meta-data/$1"
}

INSTANCE_ID=$(imds instance-id)
AZ=$(imds placement/availability-zone)
REGION=${AZ%?}
export AWS_DEFAULT_REGION=$REGION
log "instance $INSTANCE_ID in $AZ"

VOLUME_ID=$(aws ec2 describe-volumes \
    --filters "Name=tag:Purpose,Values=scratch" "Name=tag:Owner,Values=$TEAM" \
              "Name=availability-zone,Values=$AZ" "Name=status,Values=available" \
    --query 'Volumes[0].VolumeId' --output text)
if [[ -z "$VOLUME_ID" || "$VOLUME_ID" == "None" ]]; then
    log "no available scratch volume for $TEAM in $AZ"
    exit 1
fi

log "attaching $VOLUME_ID as $DEVICE_NAME"
aws ec2 attach-volume --volume-id "$VOLUME_ID" --instance-id "$INSTANCE_ID" \
    --device "$DEVICE_NAME" >/dev/null
aws ec2 wait volume-in-use --volume-ids "$VOLUME_ID"

# nitro instances expose EBS as NVMe; match on the serial (volume id sans dash)
serial=${VOLUME_ID/-/}
dev=""
for i in $(seq 1 30); do
    dev=$(lsblk -dno NAME,SERIAL | awk -v s="$serial" '$2==s {print "/dev/"$1}')
    [[ -n "$dev" ]] && break
    sleep 2
done
[[ -n "$dev" ]] || { log "device for $VOLUME_ID did not appear"; exit 1; }

fstype=$(sudo blkid -o value -s TYPE "$dev" || true)
if [[ -z "$fstype" ]]; then
    log "$dev has no filesystem; refusing to continue (format it deliberately first)"
    exit 1
fi
uuid=$(sudo blkid -o value -s UUID "$dev")

sudo mkdir -p "$MOUNTPOINT"
if ! mountpoint -q "$MOUNTPOINT"; then
    sudo mount -t "$fstype" -o noatime,nodev,nosuid "$dev" "$MOUNTPOINT"
fi
sudo chown "$(id -u):$(id -g)" "$MOUNTPOINT"

if ! grep -q "UUID=$uuid" /etc/fstab; then
    echo "UUID=$uuid $MOUNTPOINT $fstype noatime,nodev,nosuid,nofail 0 2" | sudo tee -a /etc/fstab >/dev/null
    log "added fstab entry for $uuid"
fi
log "mounted $dev ($fstype) at $MOUNTPOINT"
