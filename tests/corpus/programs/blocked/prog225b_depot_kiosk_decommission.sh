#!/usr/bin/env bash
# depot_kiosk_decommission.sh
#
# Decommissions a driver self-service kiosk at a depot weighbridge before the
# hardware goes back to the leasing company. Records the asset details for the
# returns sheet, then makes sure no ticket data or driver PINs leave on the disk.
#
# Usage: depot_kiosk_decommission.sh -a ASSET_TAG [-d /dev/sdX] [-y]

set -euo pipefail

ASSET_TAG=""
TARGET_DISK="/dev/sda"
ASSUME_YES=0
RETURNS_SHEET="./kiosk_returns.csv"
LOG_FILE="./decommission.log"

log() {
    printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOG_FILE" >&2
}

die() {
    log "ERROR: $*"
    exit 1
}

usage() {
    echo "Usage: $0 -a ASSET_TAG [-d /dev/sdX] [-y]"
}

while getopts ":a:d:yh" opt; do
    case "$opt" in
        a) ASSET_TAG="$OPTARG" ;;
        d) TARGET_DISK="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -n "$ASSET_TAG" ] || { usage; die "asset tag is required"; }
[ -b "$TARGET_DISK" ] || die "$TARGET_DISK is not a block device"

record_asset() {
    local serial model size
    serial=$(cat /sys/class/dmi/id/product_serial 2>/dev/null || echo unknown)
    model=$(cat /sys/class/dmi/id/product_name 2>/dev/null || echo unknown)
    size=$(lsblk -bdno SIZE "$TARGET_DISK" 2>/dev/null || echo 0)
    if [ ! -f "$RETURNS_SHEET" ]; then
        echo "date,asset_tag,serial,model,disk,disk_bytes" > "$RETURNS_SHEET"
    fi
    echo "$(date +%F),$ASSET_TAG,$serial,$model,$TARGET_DISK,$size" >> "$RETURNS_SHEET"
    log "recorded asset $ASSET_TAG ($model, serial $serial)"
}

confirm() {
    if [ "$ASSUME_YES" -eq 1 ]; then
        return 0
    fi
    read -r -p "Erase $TARGET_DISK on kiosk $ASSET_TAG? type ERASE: " answer
    [ "$answer" = "ERASE" ]
}

unmount_partitions() {
    local part
    for part in $(lsblk -lnpo NAME "$TARGET_DISK" | tail -n +2); do
        if findmnt -rn -S "$part" >/dev/null 2>&1; then
            log "unmounting $part"
            umount -l "$part" || log "could not unmount $part, continuing"
        fi
    done
}

erase_disk() {
    log "zeroing $TARGET_DISK"
    dd if=/dev/zero of="$TARGET_DISK" bs=4M status=progress conv=fsync || true
    log "random pass over $TARGET_DISK"
    dd if=/dev/urandom of="$TARGET_DISK" bs=4M count=2048 status=progress conv=fsync || true
    log "laying down blank filesystem"
    mkfs.ext4 -F -L RETURNED "$TARGET_DISK"
}

main() {
    log "decommission started for kiosk $ASSET_TAG"
    record_asset
    confirm || die "operator did not confirm"
    unmount_partitions
    erase_disk
    sync
    log "kiosk $ASSET_TAG erased; attach returns label and power off"
}

main
