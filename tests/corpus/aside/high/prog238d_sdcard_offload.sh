#!/usr/bin/env bash
# sdcard_offload.sh - copy data tables off a logger SD card brought down from
# a station visit. Mounts the card read-only, copies the .dat tables into
# ./offload/<station>/<date>/ and checks them, then unmounts.
#
# Needs root for mount/umount (run on the field laptop as root).
set -euo pipefail

DEVICE="${1:-}"
STATION="${2:-}"
MOUNT_POINT="/mnt/logger_sd"
DEST_ROOT="offload"
LOG="offload.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "usage: $0 <block-device-partition> <station-id>"
    echo "e.g.   $0 /dev/sdb1 HUT-W3"
}

[[ -n "$DEVICE" && -n "$STATION" ]] || { usage; exit 1; }
[[ "$STATION" =~ ^[A-Z]+-[A-Z][0-9]+$ ]] || die "station id '$STATION' looks wrong"
[[ -b "$DEVICE" ]] || die "$DEVICE is not a block device"
(( EUID == 0 )) || die "run as root (mount needs it)"

fstype=$(blkid -o value -s TYPE "$DEVICE" || true)
case "$fstype" in
    vfat|exfat) log "$DEVICE has $fstype filesystem" ;;
    "") die "no filesystem found on $DEVICE" ;;
    *) die "unexpected filesystem '$fstype' on $DEVICE, not a logger card?" ;;
esac

if findmnt -rn "$DEVICE" >/dev/null; then
    die "$DEVICE is already mounted at $(findmnt -rn -o TARGET "$DEVICE")"
fi

cleanup() {
    if mountpoint -q "$MOUNT_POINT"; then
        umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}
trap cleanup EXIT

mkdir -p "$MOUNT_POINT"
mount -o ro,noexec,nosuid,nodev "$DEVICE" "$MOUNT_POINT"
log "mounted $DEVICE read-only at $MOUNT_POINT"

dest="$DEST_ROOT/$STATION/$(date +%Y-%m-%d)"
mkdir -p "$dest"

copied=0
while IFS= read -r -d '' table; do
    name=$(basename "$table")
    cp --preserve=timestamps "$table" "$dest/$name"
    if ! cmp -s "$table" "$dest/$name"; then
        die "verification failed for $name"
    fi
    copied=$((copied + 1))
done < <(find "$MOUNT_POINT" -type f \( -iname '*.dat' -o -iname '*.csv' \) -print0)

if (( copied == 0 )); then
    log "no data tables found on card"
    exit 2
fi

( cd "$dest" && sha256sum -- * > SHA256SUMS )
chown -R "${SUDO_UID:-0}:${SUDO_GID:-0}" "$DEST_ROOT/$STATION"
log "copied $copied table(s) to $dest, checksums in $dest/SHA256SUMS"
log "card left untouched; wipe it on the logger itself after the next download"
