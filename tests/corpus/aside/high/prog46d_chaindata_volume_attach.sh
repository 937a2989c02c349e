#!/usr/bin/env bash
# Attach an already-formatted NVMe volume holding chaindata to a fresh node host
# and hand it to the service account. Refuses to touch unformatted devices.
set -euo pipefail

DEVICE="${1:-/dev/nvme1n1p1}"
MOUNTPOINT="${MOUNTPOINT:-/mnt/chaindata}"
NODE_USER="${NODE_USER:-ethereum}"
ALLOWED_FS=(ext4 xfs)
MOUNT_OPTS="defaults,noatime,nodiratime"

log() { logger -t chaindata-attach "$*" 2>/dev/null || true; echo "$*"; }
fail() { log "error: $*"; exit 1; }

[[ -b "$DEVICE" ]] || fail "$DEVICE is not a block device"

fs_type=$(lsblk -no FSTYPE "$DEVICE" | head -n1)
[[ -n "$fs_type" ]] || fail "$DEVICE has no filesystem; format it by hand first"

supported=0
for fs in "${ALLOWED_FS[@]}"; do
    [[ "$fs_type" == "$fs" ]] && supported=1
done
(( supported )) || fail "filesystem $fs_type not in: ${ALLOWED_FS[*]}"

if [[ "$fs_type" == "xfs" ]]; then
    MOUNT_OPTS="$MOUNT_OPTS,largeio"
fi

if findmnt -rn -S "$DEVICE" >/dev/null; then
    current=$(findmnt -rn -S "$DEVICE" -o TARGET)
    log "$DEVICE already mounted at $current"
    exit 0
fi

if findmnt -rn "$MOUNTPOINT" >/dev/null; then
    fail "$MOUNTPOINT is already in use by another device"
fi

uuid=$(sudo blkid -s UUID -o value "$DEVICE")
log "attaching $DEVICE ($fs_type, UUID=$uuid) at $MOUNTPOINT"

sudo mkdir -p "$MOUNTPOINT"
sudo mount -t "$fs_type" -o "$MOUNT_OPTS" "$DEVICE" "$MOUNTPOINT"

if [[ ! -d "$MOUNTPOINT/geth" && ! -d "$MOUNTPOINT/chaindata" ]]; then
    log "warning: no geth/ or chaindata/ directory found on volume"
fi

if id "$NODE_USER" >/dev/null 2>&1; then
    owner=$(stat -c %U "$MOUNTPOINT")
    if [[ "$owner" != "$NODE_USER" ]]; then
        log "chown -R $NODE_USER on $MOUNTPOINT (was $owner)"
        sudo chown -R "$NODE_USER:$NODE_USER" "$MOUNTPOINT"
    fi
else
    log "user $NODE_USER does not exist; leaving ownership as is"
fi

avail=$(df -h --output=avail "$MOUNTPOINT" | tail -n1 | tr -d ' ')
log "mounted; $avail available"
log "point the client at: --datadir $MOUNTPOINT"
