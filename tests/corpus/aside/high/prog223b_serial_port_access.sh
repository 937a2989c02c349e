#!/usr/bin/env bash
# serial_port_access.sh - give the weighbridge operator account access to the
# scale indicator's USB-serial adapter.  After a kernel update the adapter
# sometimes comes back root-only and the ticket software can't read weights.
set -uo pipefail

OPERATOR="${OPERATOR:-${SUDO_USER:-$USER}}"
SERIAL_GROUP="dialout"
VENDOR_IDS="${VENDOR_IDS:-0403 067b 1a86 10c4}"   # FTDI, Prolific, CH340, CP210x
REPORT="./serial_access_report.txt"
DRY_RUN=0

log() { echo "$(date '+%F %T') $*" | tee -a "$REPORT"; }

usage() {
    echo "usage: $0 [-u operator] [-g group] [-n]"
    echo "  -n  show what would change without using sudo"
}

while getopts "u:g:nh" opt; do
    case "$opt" in
        u) OPERATOR="$OPTARG" ;;
        g) SERIAL_GROUP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

run_priv() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would run: sudo $*"
    else
        sudo "$@"
    fi
}

# gather udev properties for every candidate port
UDEV_DUMP=""
for dev in /dev/ttyUSB* /dev/ttyACM*; do
    [[ -e "$dev" ]] || continue
    props="$(udevadm info --query=property --name="$dev" 2>/dev/null | tr '\n' ';')"
    UDEV_DUMP+="$dev|$props"$'\n'
done

if [[ -z "$UDEV_DUMP" ]]; then
    log "no USB serial devices present"
    exit 1
fi

mapfile -t SCALE_PORTS < <(UDEV_DUMP="$UDEV_DUMP" VENDOR_IDS="$VENDOR_IDS" python3 -c '
import os
wanted = set(os.environ["VENDOR_IDS"].split())
for line in os.environ["UDEV_DUMP"].splitlines():
    dev, _, props = line.partition("|")
    kv = dict(p.split("=", 1) for p in props.split(";") if "=" in p)
    if kv.get("ID_VENDOR_ID", "").lower() in wanted:
        print(dev)
')

if [[ ${#SCALE_PORTS[@]} -eq 0 ]]; then
    log "no scale adapter with a known vendor id"
    exit 1
fi

if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$SERIAL_GROUP"; then
    log "$OPERATOR already in $SERIAL_GROUP"
else
    log "adding $OPERATOR to $SERIAL_GROUP"
    run_priv usermod -aG "$SERIAL_GROUP" "$OPERATOR" || log "usermod failed"
fi

for port in "${SCALE_PORTS[@]}"; do
    before="$(stat -c '%U:%G %a' "$port")"
    log "$port currently $before"
    run_priv chgrp "$SERIAL_GROUP" "$port" || { log "chgrp failed on $port"; continue; }
    run_priv chmod 0660 "$port" || { log "chmod failed on $port"; continue; }
    log "$port now $(stat -c '%U:%G %a' "$port")"
done

log "done; $OPERATOR may need to log out and back in for the group change"
