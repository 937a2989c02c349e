#!/bin/sh
# Import G-code and print logs from a printer's SD card inserted into the
# workshop PC's card reader.  Mounts the card read-only, copies new .gcode and
# the firmware's power-loss/print logs into ./sd_import/<label>/, and unmounts.
# Run as root (mount needs it), e.g. from a udev-triggered helper.
set -eu

MOUNT_POINT="/mnt/printer_sd"
DEST_ROOT="${DEST_ROOT:-./sd_import}"
DEVICE="${1:-}"
OWNER="${SUDO_USER:-$(id -un)}"

log() { echo "sd-import: $*"; }

cleanup() {
    if mountpoint -q "$MOUNT_POINT"; then
        umount "$MOUNT_POINT" || log "warning: could not unmount $MOUNT_POINT"
    fi
}

find_card() {
    # First removable vfat partition smaller than 64 GiB.
    lsblk -rpno NAME,RM,FSTYPE,SIZE,TYPE | while read -r name rm fstype size type; do
        [ "$type" = "part" ] || continue
        [ "$rm" = "1" ] || continue
        [ "$fstype" = "vfat" ] || continue
        case "$size" in *T|*[6-9][0-9]G|*[1-9][0-9][0-9]G) continue ;; esac
        echo "$name"
        return 0
    done
}

if [ "$(id -u)" -ne 0 ]; then
    log "must run as root to mount the card"
    exit 1
fi

if [ -z "$DEVICE" ]; then
    DEVICE=$(find_card)
fi
[ -n "$DEVICE" ] && [ -b "$DEVICE" ] || { log "no SD card found"; exit 1; }

label=$(blkid -o value -s LABEL "$DEVICE" 2>/dev/null || true)
label=${label:-$(basename "$DEVICE")}
dest="$DEST_ROOT/$label"

mkdir -p "$MOUNT_POINT" "$dest"
trap cleanup EXIT INT TERM
log "mounting $DEVICE ($label) read-only on $MOUNT_POINT"
mount -t vfat -o ro,noexec,nosuid,nodev "$DEVICE" "$MOUNT_POINT"

new=0
skipped=0
for f in "$MOUNT_POINT"/*.gcode "$MOUNT_POINT"/*.GCO "$MOUNT_POINT"/*.gco \
         "$MOUNT_POINT"/*.LOG "$MOUNT_POINT"/*.log; do
    [ -f "$f" ] || continue
    base=$(basename "$f")
    if [ -f "$dest/$base" ] && cmp -s "$f" "$dest/$base"; then
        skipped=$((skipped + 1))
        continue
    fi
    cp -p "$f" "$dest/$base"
    new=$((new + 1))
done

chown -R "$OWNER" "$DEST_ROOT"
log "imported $new new file(s), $skipped unchanged, into $dest"
df -h "$MOUNT_POINT" | tail -n 1 | awk '{print "sd-import: card usage " $5 " of " $2}'
