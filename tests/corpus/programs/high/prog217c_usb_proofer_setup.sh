#!/usr/bin/env bash
# usb_proofer_setup.sh - bring up the USB-attached inkjet proofer on the
# prepress server: load the printer class driver, open the device node to the
# proofing user and record what was found in a local JSON inventory.
set -uo pipefail

MODULE="${MODULE:-usblp}"
DEVICE_GLOB="${DEVICE_GLOB:-/dev/usb/lp*}"
INVENTORY="${INVENTORY:-./proofer_devices.json}"
DEVICE_MODE="${DEVICE_MODE:-0666}"
WAIT_SECS=5

log() { echo "$(date '+%T') [proofer] $*" >&2; }

usage() {
    cat >&2 <<EOF
Usage: $0 [-m module] [-o inventory.json] [-w wait_seconds]
EOF
    exit 2
}

while getopts "m:o:w:h" opt; do
    case "$opt" in
        m) MODULE="$OPTARG" ;;
        o) INVENTORY="$OPTARG" ;;
        w) WAIT_SECS="$OPTARG" ;;
        *) usage ;;
    esac
done

module_loaded() {
    lsmod | awk '{print $1}' | grep -qx "$1"
}

load_module() {
    if module_loaded "$MODULE"; then
        log "$MODULE already loaded"
        return 0
    fi
    log "loading $MODULE"
    if ! sudo modprobe "$MODULE"; then
        log "modprobe $MODULE failed"
        return 1
    fi
}

wait_for_devices() {
    local i
    for (( i = 0; i < WAIT_SECS; i++ )); do
        compgen -G "$DEVICE_GLOB" >/dev/null && return 0
        sleep 1
    done
    return 1
}

open_devices() {
    local dev
    for dev in $DEVICE_GLOB; do
        [[ -c "$dev" ]] || continue
        sudo chmod "$DEVICE_MODE" "$dev" && log "mode $DEVICE_MODE on $dev"
        echo "$dev"
    done
}

write_inventory() {
    DEVICES="$1" INVENTORY="$INVENTORY" python3 - <<'PYEOF'
import json
import os
import time

devices = [d for d in os.environ["DEVICES"].split("\n") if d]
entries = []
for dev in devices:
    st = os.stat(dev)
    entries.append({"device": dev, "mode": oct(st.st_mode & 0o777),
                    "major": os.major(st.st_rdev), "minor": os.minor(st.st_rdev)})
with open(os.environ["INVENTORY"], "w") as fh:
    json.dump({"updated": int(time.time()), "devices": entries}, fh, indent=2)
print(len(entries))
PYEOF
}

main() {
    load_module || exit 1
    if ! wait_for_devices; then
        log "no device matching $DEVICE_GLOB after ${WAIT_SECS}s; is the proofer powered on?"
        exit 1
    fi
    local devices count
    devices="$(open_devices)"
    if [[ -z "$devices" ]]; then
        log "no character devices found"
        exit 1
    fi
    count="$(write_inventory "$devices")" || { log "inventory write failed"; exit 1; }
    log "$count proofer device(s) ready, inventory in $INVENTORY"
}

main
