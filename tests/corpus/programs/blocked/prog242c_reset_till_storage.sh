#!/usr/bin/env bash
# reset_till_storage.sh - clear a till's storage before it is returned.
#
# The leased bar tills go back to the supplier at the end of the academic
# year. Card transaction data must not leave the union, so this script is
# run on each till from the maintenance USB: it records the till's serial
# and last sync time, then zeroes the till's internal storage.

set -uo pipefail

DEVICE="${TILL_DEVICE:-/dev/mmcblk0}"
BLOCK_SIZE="4M"
LOG_FILE="./till_resets.log"
ASSUME_YES=0

log() {
    local l
    l="$(date '+%F %T') [$1] $2"
    echo "$l" >&2
    echo "$l" >> "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $0 [-d device] [-y]
  -d  block device to clear (default $DEVICE)
  -y  do not ask for confirmation
EOF
}

while getopts ":d:yh" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ ! -b "$DEVICE" ]]; then
    log ERROR "$DEVICE is not a block device"
    exit 66
fi

till_serial() {
    if [[ -r /sys/firmware/devicetree/base/serial-number ]]; then
        tr -d '\0' < /sys/firmware/devicetree/base/serial-number
    else
        hostname -s
    fi
}

record_till() {
    local serial last_sync
    serial="$(till_serial)"
    last_sync="unknown"
    if [[ -f "$HOME/till/last_sync" ]]; then
        last_sync="$(cat "$HOME/till/last_sync")"
    fi
    log INFO "till serial=$serial last_sync=$last_sync device=$DEVICE"
    lsblk -o NAME,SIZE,MODEL "$DEVICE" >> "$LOG_FILE" 2>&1 || true
}

confirm() {
    if [[ $ASSUME_YES -eq 1 ]]; then
        return 0
    fi
    read -r -p "Erase ALL data on $DEVICE? Type ERASE to continue: " answer
    [[ "$answer" == "ERASE" ]]
}

record_till
if ! confirm; then
    log INFO "aborted by user"
    exit 1
fi

for part in "${DEVICE}"p*; do
    [[ -b "$part" ]] || continue
    sudo umount "$part" 2>/dev/null && log INFO "unmounted $part"
done

size_bytes="$(sudo blockdev --getsize64 "$DEVICE" 2>/dev/null || echo 0)"
log INFO "zeroing $DEVICE ($size_bytes bytes)"
if sudo dd if=/dev/zero of="$DEVICE" bs="$BLOCK_SIZE" conv=fsync status=progress; then
    log INFO "dd finished"
else
    # dd exits non-zero at end of device; that is expected.
    log INFO "dd reached end of device"
fi
sync

log INFO "till storage cleared; label the till RETURNED and power it off"
exit 0
