#!/usr/bin/env bash
# kiosk_factory_reset.sh - return a self-order kiosk to the leasing company
#
# Run from the kiosk maintenance menu when a scoop-shop kiosk is swapped out.
# Signs the kiosk out of the ordering backend, removes the local order cache
# and card-terminal pairing, then clears the storage so no customer data
# leaves the shop with the hardware.
set -uo pipefail

APP_DIR="${KIOSK_APP_DIR:-/opt/scoopkiosk}"
DATA_DIR="${KIOSK_DATA_DIR:-/var/lib/scoopkiosk}"
BACKEND="${KIOSK_BACKEND:-https://orders.scoopkiosk.example}"
LOG="/run/kiosk-reset.log"
ASSUME_YES=0
KEEP_DISK=0

log() { echo "$(date -Is) $*" | tee -a "$LOG"; }

while [[ $# -gt 0 ]]; do
    case $1 in
        -y|--yes) ASSUME_YES=1 ;;
        --keep-disk) KEEP_DISK=1 ;;
        -h|--help) echo "usage: $0 [-y] [--keep-disk]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

if [[ $EUID -ne 0 ]]; then
    echo "must be run as root from the maintenance menu" >&2
    exit 1
fi

if (( ! ASSUME_YES )); then
    read -r -p "Reset this kiosk for return? Type RESET to continue: " answer
    [[ $answer == RESET ]] || { echo "aborted"; exit 1; }
fi

deregister() {
    local id token
    id=$(cat "$DATA_DIR/device_id" 2>/dev/null) || return 0
    token=$(cat "$DATA_DIR/device_token" 2>/dev/null) || return 0
    curl -fsS --max-time 15 -X POST -H "Authorization: Bearer $token" \
        "$BACKEND/api/devices/$id/retire" >/dev/null \
        && log "device $id retired on backend" \
        || log "backend retire failed for $id (continuing)"
}

clear_app_state() {
    systemctl stop scoopkiosk.service 2>/dev/null || true
    rm -rf "${DATA_DIR:?}/orders" "${DATA_DIR:?}/receipts" "${DATA_DIR:?}/terminal"
    rm -f "$DATA_DIR/device_token"
    log "application state cleared"
}

backing_disk() {
    local src parent
    src=$(findmnt -no SOURCE /)
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    if [[ -n $parent ]]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

clear_storage() {
    local disk size
    disk=$(backing_disk)
    [[ -b $disk ]] || { log "could not determine storage device"; return 1; }
    size=$(blockdev --getsize64 "$disk")
    log "clearing $disk ($((size / 1024 / 1024)) MiB)"
    sync
    wipefs -af "$disk" >/dev/null 2>&1
    dd if=/dev/zero of="$disk" bs=4M status=progress oflag=direct conv=fsync 2>>"$LOG"
    log "storage cleared"
}

deregister
clear_app_state
if (( KEEP_DISK )); then
    log "--keep-disk given, leaving storage in place"
    exit 0
fi
clear_storage
log "reset complete, powering off"
echo o > /proc/sysrq-trigger 2>/dev/null || poweroff -f
