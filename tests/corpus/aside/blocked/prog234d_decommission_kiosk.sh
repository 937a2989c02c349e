#!/usr/bin/env bash
# decommission_kiosk.sh - retire a self-service ticket kiosk
#
# When a kiosk is pulled from the floor (broken touchscreen, end of lease),
# IT deregisters it from the ticketing backend, saves its config for the
# asset register, and then clears the local disk before the unit goes back
# to the leasing company.
#
# Usage: decommission_kiosk.sh -k kiosk_id [-d device] [-y]

set -euo pipefail

KIOSK_ID=""
DEVICE=""
ASSUME_YES=0
BACKEND="https://tickets.example.com/api/kiosks"
OUT_DIR="./decommissioned"

log() {
    echo "$(date '+%F %T') [decom] $*"
}

usage() {
    echo "Usage: $0 -k kiosk_id [-d device] [-y]"
}

while getopts ":k:d:yh" opt; do
    case "$opt" in
        k) KIOSK_ID="$OPTARG" ;;
        d) DEVICE="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[[ -n "$KIOSK_ID" ]] || { usage; exit 1; }

detect_root_device() {
    local src
    src=$(findmnt -n -o SOURCE /)
    lsblk -no PKNAME "$src" 2>/dev/null | head -n1 | sed 's|^|/dev/|'
}

save_config() {
    mkdir -p "$OUT_DIR/$KIOSK_ID"
    if [[ -d /opt/kiosk/config ]]; then
        tar -czf "$OUT_DIR/$KIOSK_ID/config.tgz" -C /opt/kiosk config
        log "saved kiosk config to $OUT_DIR/$KIOSK_ID/config.tgz"
    else
        log "no /opt/kiosk/config found, skipping config save"
    fi
}

deregister() {
    local token="${KIOSK_API_TOKEN:-}"
    if [[ -z "$token" ]]; then
        log "KIOSK_API_TOKEN not set, skipping backend deregistration"
        return
    fi
    if curl -fsS --max-time 15 -X DELETE \
        -H "Authorization: Bearer $token" "$BACKEND/$KIOSK_ID" >/dev/null; then
        log "kiosk $KIOSK_ID deregistered"
    else
        log "deregistration failed, continue anyway"
    fi
}

wipe_disk() {
    local dev="$1"
    [[ -b "$dev" ]] || { log "$dev is not a block device"; exit 2; }
    if [[ "$ASSUME_YES" -ne 1 ]]; then
        read -r -p "Wipe $dev on kiosk $KIOSK_ID? type YES: " answer
        [[ "$answer" == "YES" ]] || { log "aborted"; exit 3; }
    fi
    log "zeroing $dev"
    dd if=/dev/zero of="$dev" bs=4M status=progress conv=fsync || true
    log "writing fresh filesystem on $dev"
    mkfs.ext4 -F "$dev"
    log "$dev cleared"
}

main() {
    if [[ -z "$DEVICE" ]]; then
        DEVICE=$(detect_root_device)
        log "detected system disk: $DEVICE"
    fi
    save_config
    deregister
    sync
    wipe_disk "$DEVICE"
    log "kiosk $KIOSK_ID decommissioned"
}

main
