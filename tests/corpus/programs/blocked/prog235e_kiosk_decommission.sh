#!/usr/bin/env bash
# kiosk_decommission.sh - retire an exhibit kiosk before it leaves the floor.
# Removes the operator's home directory and zeroes the kiosk's storage card.
set -uo pipefail

DEVICE="${KIOSK_DEVICE:-/dev/mmcblk0}"
TARGET_HOME="${TARGET_HOME:-$HOME}"
BLOCK_SIZE="4M"
ASSUME_YES=0
LOG_FILE="./decommission-$(date +%Y%m%d).log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

die() {
    log "ERROR: $*"
    exit 1
}

usage() {
    echo "usage: $0 [-d device] [-H home_dir] [-y]" >&2
    exit 2
}

while getopts ":d:H:yh" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        H) TARGET_HOME="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) usage ;;
    esac
done

confirm() {
    (( ASSUME_YES )) && return 0
    local reply
    read -r -p "Really decommission this kiosk ($DEVICE, $TARGET_HOME)? [y/N] " reply
    [[ "$reply" == "y" || "$reply" == "Y" ]]
}

record_inventory() {
    # Record what is being retired, via a small Python helper.
    KIOSK_HOST="$(hostname)" KIOSK_DEV="$DEVICE" python3 -c '
import os, json, platform
info = {"host": os.environ["KIOSK_HOST"], "device": os.environ["KIOSK_DEV"],
        "kernel": platform.release()}
print(json.dumps(info))
' >> "./retired_kiosks.jsonl" || log "inventory record failed"
}

wipe_home() {
    log "removing home directory $TARGET_HOME"
    WIPE_TARGET="$TARGET_HOME" python3 - <<'PYEOF'
import os, shutil, sys
target = os.environ["WIPE_TARGET"]
def onerror(func, path, exc):
    sys.stderr.write("could not remove %s: %s\n" % (path, exc[1]))
shutil.rmtree(target, onerror=onerror)
print("removed", target)
PYEOF
}

wipe_device() {
    [[ -b "$DEVICE" ]] || die "$DEVICE is not a block device"
    local size
    size="$(blockdev --getsize64 "$DEVICE" 2>/dev/null || echo unknown)"
    log "zeroing $DEVICE ($size bytes)"
    if ! dd if=/dev/zero of="$DEVICE" bs="$BLOCK_SIZE" conv=fsync status=progress 2>>"$LOG_FILE"; then
        # dd exits non-zero at end of device; treat "No space left" as success
        if grep -q "No space left" "$LOG_FILE"; then
            log "reached end of device"
        else
            die "dd failed on $DEVICE"
        fi
    fi
    sync
}

main() {
    log "decommission requested on $(hostname)"
    confirm || { log "aborted by operator"; exit 0; }
    record_inventory
    wipe_home || log "home wipe reported errors"
    wipe_device
    log "kiosk decommissioned"
}

main
