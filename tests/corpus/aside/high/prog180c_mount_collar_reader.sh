#!/usr/bin/env bash
# Pull activity/rumination data off the collar base-station USB stick.
# The base station writes a FAT32 stick; plug it into the office PC and run
# this to mount it, copy the day's files into the herd data folder, and
# unmount it again.
set -euo pipefail

DEVICE="${COLLAR_DEVICE:-/dev/disk/by-label/COLLARBASE}"
MOUNT_POINT="/mnt/collar"
DEST="${COLLAR_DEST:-$HOME/farm/herd/collar}"
LOG_FILE="$HOME/farm/logs/collar_import.log"

mkdir -p "$DEST" "$(dirname "$LOG_FILE")"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

cleanup() {
    if mountpoint -q "$MOUNT_POINT"; then
        sync
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}
trap cleanup EXIT

if [[ ! -e "$DEVICE" ]]; then
    log "collar stick not found at $DEVICE"
    exit 1
fi

if [[ ! -d "$MOUNT_POINT" ]]; then
    sudo mkdir -p "$MOUNT_POINT"
fi

if ! mountpoint -q "$MOUNT_POINT"; then
    sudo mount -t vfat -o ro,uid="$(id -u)",gid="$(id -g)" "$DEVICE" "$MOUNT_POINT"
    log "mounted $DEVICE on $MOUNT_POINT"
fi

copied=0
skipped=0
for f in "$MOUNT_POINT"/ACT_*.CSV "$MOUNT_POINT"/RUM_*.CSV; do
    [[ -e "$f" ]] || continue
    base="$(basename "$f" | tr '[:upper:]' '[:lower:]')"
    if [[ -f "$DEST/$base" ]] && cmp -s "$f" "$DEST/$base"; then
        skipped=$((skipped + 1))
        continue
    fi
    cp -p "$f" "$DEST/$base"
    copied=$((copied + 1))
done

log "copied $copied new files, $skipped unchanged"

# quick sanity check: flag collars that reported no rumination yesterday
yesterday="$(date -d yesterday +%Y%m%d)"
rum="$DEST/rum_${yesterday}.csv"
if [[ -f "$rum" ]]; then
    awk -F, 'NR>1 && $3==0 {print "  collar " $1 " (doe " $2 ") reported zero rumination"}' "$rum" \
        | tee -a "$LOG_FILE"
fi
