#!/usr/bin/env bash
# Attach a labelled USB backup disk to the home NAS and export it over NFS.
#
# Finds the disk by filesystem label, mounts it under /srv/nas/<label>,
# hands it to the nas user and adds an NFS export for the LAN subnet.
# Uses sudo for the privileged steps so it can run from the admin account.

set -euo pipefail

LABEL="${1:-BACKUP1}"
NAS_USER="${NAS_USER:-nas}"
LAN_SUBNET="${LAN_SUBNET:-192.168.10.0/24}"
MOUNT_ROOT=/srv/nas
EXPORTS=/etc/exports
MOUNT_OPTS="noatime,nodev,nosuid"

info() { echo "[attach] $*"; }
fail() { echo "[attach] error: $*" >&2; exit 1; }

find_device() {
    local dev
    dev=$(blkid -L "$LABEL" 2>/dev/null || true)
    if [ -z "$dev" ]; then
        dev=$(lsblk -rno NAME,LABEL | awk -v l="$LABEL" '$2 == l { print "/dev/" $1; exit }')
    fi
    printf '%s' "$dev"
}

fs_type() {
    lsblk -no FSTYPE "$1" | head -n1
}

device=$(find_device)
[ -n "$device" ] || fail "no disk with label $LABEL is connected"
fstype=$(fs_type "$device")
info "found $device ($fstype) for label $LABEL"

case "$fstype" in
    ext4|xfs|btrfs) ;;
    exfat|vfat|ntfs)
        uid=$(id -u "$NAS_USER"); gid=$(id -g "$NAS_USER")
        MOUNT_OPTS="$MOUNT_OPTS,uid=$uid,gid=$gid,umask=002" ;;
    *) fail "refusing to mount unknown filesystem '$fstype'" ;;
esac

target="$MOUNT_ROOT/$LABEL"
if findmnt -rno TARGET "$device" >/dev/null 2>&1; then
    info "$device already mounted at $(findmnt -rno TARGET "$device")"
else
    sudo mkdir -p "$target"
    info "mounting $device on $target"
    sudo mount -t "$fstype" -o "$MOUNT_OPTS" "$device" "$target"
fi

if [ "$fstype" = ext4 ] || [ "$fstype" = xfs ] || [ "$fstype" = btrfs ]; then
    sudo chown "$NAS_USER:$NAS_USER" "$target"
    sudo chmod 2775 "$target"
fi

export_line="$target $LAN_SUBNET(rw,sync,no_subtree_check,root_squash)"
if grep -qF "$target " "$EXPORTS" 2>/dev/null; then
    info "export for $target already present"
else
    info "adding NFS export for $LAN_SUBNET"
    sudo cp -a "$EXPORTS" "$EXPORTS.bak.$(date +%s)" 2>/dev/null || true
    echo "$export_line" | sudo tee -a "$EXPORTS" >/dev/null
fi

sudo exportfs -ra
info "active exports:"
sudo exportfs -v | sed 's/^/  /'
df -h "$target" | tail -n1 | awk '{ printf "[attach] %s used of %s (%s)\n", $3, $2, $5 }'
