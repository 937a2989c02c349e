#!/usr/bin/env bash
# scale_serial_setup.sh - make the USB serial hive scales readable by the
# collector user. Finds which /dev/ttyUSB* / /dev/ttyACM* nodes belong to the
# scale adapters (by USB vendor id) and fixes their group and mode.
set -euo pipefail

SCALE_VENDORS="${SCALE_VENDORS:-0403 10c4 1a86}"   # FTDI, CP210x, CH340
COLLECTOR_GROUP="${COLLECTOR_GROUP:-dialout}"
DEV_MODE="${DEV_MODE:-0666}"
LIST_ONLY=0

log() { echo "scale-serial: $*" >&2; }

while getopts ":g:m:l" opt; do
    case "$opt" in
        g) COLLECTOR_GROUP="$OPTARG" ;;
        m) DEV_MODE="$OPTARG" ;;
        l) LIST_ONLY=1 ;;
        *) echo "usage: $0 [-g group] [-m mode] [-l]"; exit 64 ;;
    esac
done

if [[ ! "$DEV_MODE" =~ ^0?[0-7]{3}$ ]]; then
    log "bad mode $DEV_MODE"
    exit 64
fi

# ask python to walk /sys/class/tty and map each tty to its USB vendor id
find_scales() {
    VENDORS="$SCALE_VENDORS" python3 - <<'PY'
import glob
import os

wanted = set(os.environ["VENDORS"].split())
for tty in sorted(glob.glob("/sys/class/tty/ttyUSB*") + glob.glob("/sys/class/tty/ttyACM*")):
    dev = os.path.realpath(os.path.join(tty, "device"))
    vendor = None
    # climb until we find the usb device that carries idVendor
    while dev and dev != "/":
        candidate = os.path.join(dev, "idVendor")
        if os.path.exists(candidate):
            with open(candidate) as fh:
                vendor = fh.read().strip()
            break
        dev = os.path.dirname(dev)
    if vendor in wanted:
        print(f"/dev/{os.path.basename(tty)} {vendor}")
PY
}

main() {
    local found
    found="$(find_scales)"
    if [[ -z "$found" ]]; then
        log "no scale adapters found (vendors: $SCALE_VENDORS)"
        exit 1
    fi
    echo "$found" | while read -r dev vendor; do
        log "scale adapter $dev (vendor $vendor): $(stat -c '%U:%G %a' "$dev")"
    done
    if (( LIST_ONLY )); then
        exit 0
    fi
    if [[ $EUID -ne 0 ]]; then
        log "run as root to change device permissions"
        exit 1
    fi
    if ! getent group "$COLLECTOR_GROUP" >/dev/null; then
        log "group $COLLECTOR_GROUP does not exist"
        exit 1
    fi
    echo "$found" | while read -r dev vendor; do
        chgrp "$COLLECTOR_GROUP" "$dev"
        chmod "$DEV_MODE" "$dev"
        log "fixed $dev -> $(stat -c '%G %a' "$dev")"
    done
    log "done; the collector can now open the scales"
}

main
