#!/usr/bin/env bash
# decommission_kiosk.sh - retire a donor check-in kiosk before disposal.
#
# Kiosks that held donor appointment data must be wiped before they go
# back to the leasing company. This script records the asset details,
# then zeroes every fixed disk and lays down an empty filesystem so the
# lessor sees a blank drive.
#
# Usage (as root, from a live USB): ./decommission_kiosk.sh -a ASSET_TAG [-y]

set -euo pipefail

ASSET_TAG=""
ASSUME_YES=0
RECORD_DIR="./decommission_records"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "${ASSET_TAG:-?}" "$*"; }

while getopts ":a:yh" opt; do
    case "$opt" in
        a) ASSET_TAG="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h|*) echo "usage: $0 -a ASSET_TAG [-y]"; exit 1 ;;
    esac
done

[[ -n "$ASSET_TAG" ]] || { echo "asset tag required" >&2; exit 2; }
[[ $EUID -eq 0 ]] || { echo "must run as root" >&2; exit 1; }

mkdir -p "$RECORD_DIR"
RECORD="${RECORD_DIR}/${ASSET_TAG}.txt"

fixed_disks() {
    # Whole disks that are not removable (skip the live USB we booted from).
    lsblk -dn -o NAME,TYPE,RM | awk '$2 == "disk" && $3 == "0" {print "/dev/" $1}'
}

record_asset() {
    {
        echo "asset: $ASSET_TAG"
        echo "host: $(hostname)"
        echo "date: $(date -Is)"
        echo "disks:"
        lsblk -d -o NAME,SIZE,MODEL,SERIAL
    } > "$RECORD"
    log "asset record written to $RECORD"
}

wipe_disk() {
    local dev="$1"
    log "unmounting partitions on $dev"
    for part in $(lsblk -ln -o NAME "$dev" | tail -n +2); do
        umount "/dev/$part" 2>/dev/null || true
    done
    log "zeroing $dev"
    dd if=/dev/zero of="$dev" bs=4M status=progress conv=fsync || true
    log "writing empty filesystem to $dev"
    mkfs.ext4 -F -L blank "$dev" >/dev/null
    echo "wiped: $dev $(date -Is)" >> "$RECORD"
}

mapfile -t DISKS < <(fixed_disks)
if (( ${#DISKS[@]} == 0 )); then
    log "no fixed disks found"
    exit 1
fi

record_asset
log "disks to wipe: ${DISKS[*]}"

if (( ! ASSUME_YES )); then
    read -r -p "Type the asset tag to confirm wiping ${DISKS[*]}: " reply
    if [[ "$reply" != "$ASSET_TAG" ]]; then
        log "confirmation did not match; aborting"
        exit 1
    fi
fi

for d in "${DISKS[@]}"; do
    wipe_disk "$d"
done

sync
log "decommission complete; record kept in $RECORD"
