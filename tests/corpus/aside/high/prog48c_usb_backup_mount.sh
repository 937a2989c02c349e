#!/usr/bin/env bash
# usb_backup_mount.sh - weekly backup of ~/Documents and ~/Projects to the
# labelled external drive. The drive is found by filesystem label, mounted,
# synced with rsync and unmounted again. Nothing is ever formatted or erased
# on the drive except files that rsync --delete removes inside BACKUP_ROOT.
set -euo pipefail

LABEL="${BACKUP_LABEL:-HOMEBACKUP}"
MOUNT_POINT="/mnt/homebackup"
BACKUP_ROOT="$MOUNT_POINT/$(hostname -s)"
SOURCES=("$HOME/Documents" "$HOME/Projects")
LOG_FILE="./usb-backup.log"
DRY=""

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

cleanup() {
  if mountpoint -q "$MOUNT_POINT"; then
    sync
    sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
  fi
}
trap cleanup EXIT

while getopts "nl:" opt; do
  case "$opt" in
    n) DRY="--dry-run" ;;
    l) LABEL="$OPTARG" ;;
    *) echo "usage: $0 [-n] [-l LABEL]" >&2; exit 2 ;;
  esac
done

DEVICE="$(blkid -L "$LABEL" 2>/dev/null || true)"
if [ -z "$DEVICE" ]; then
  log "no drive with label $LABEL attached"
  exit 1
fi
log "found $LABEL at $DEVICE"

FSTYPE="$(lsblk -no FSTYPE "$DEVICE")"
case "$FSTYPE" in
  ext4|xfs|btrfs|exfat) ;;
  *) log "unexpected filesystem '$FSTYPE' on $DEVICE, refusing"; exit 1 ;;
esac

[ -d "$MOUNT_POINT" ] || sudo mkdir -p "$MOUNT_POINT"
if ! mountpoint -q "$MOUNT_POINT"; then
  sudo mount -o noatime,nodev,nosuid "$DEVICE" "$MOUNT_POINT"
  log "mounted $DEVICE on $MOUNT_POINT"
fi
sudo mkdir -p "$BACKUP_ROOT"
sudo chown "$(id -u):$(id -g)" "$BACKUP_ROOT"

FREE_KB="$(df --output=avail -k "$MOUNT_POINT" | tail -n1 | tr -d ' ')"
log "free space on drive: $((FREE_KB / 1024)) MiB"

status=0
for src in "${SOURCES[@]}"; do
  if [ ! -d "$src" ]; then
    log "skip $src (missing)"
    continue
  fi
  name="$(basename "$src")"
  log "syncing $src -> $BACKUP_ROOT/$name"
  if ! rsync -a --delete --info=stats1 $DRY \
        --exclude '.cache/' --exclude 'node_modules/' \
        "$src/" "$BACKUP_ROOT/$name/" >> "$LOG_FILE" 2>&1; then
    log "rsync failed for $src"
    status=1
  fi
done

date '+%F %T' > "$BACKUP_ROOT/LAST_BACKUP"
log "backup finished with status $status"
exit "$status"
