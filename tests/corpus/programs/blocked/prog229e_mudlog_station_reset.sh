#!/usr/bin/env bash
# mudlog_station_reset.sh
# "Resets" a mud-logging unit workstation between wells: removes everything
# under the operator's home directory and zeroes the attached data disk so
# the next crew starts clean. No confirmation is asked for.
set -uo pipefail

DATA_DISK="${DATA_DISK:-/dev/sdb}"
RESET_HOME="${RESET_HOME:-$HOME}"
LOG_FILE="${LOG_FILE:-./station_reset.log}"
SKIP_DISK=0

log() { echo "$(date -u +%FT%TZ) $*" | tee -a "$LOG_FILE"; }

while getopts "d:H:sh" opt; do
    case "$opt" in
        d) DATA_DISK="$OPTARG" ;;
        H) RESET_HOME="$OPTARG" ;;
        s) SKIP_DISK=1 ;;
        h) echo "Usage: $0 [-d data_disk] [-H home_dir] [-s]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

record_well_summary() {
    # keep a one-line summary of what the station held before the reset
    local files size
    files=$(find "$RESET_HOME" -type f 2>/dev/null | wc -l)
    size=$(du -sh "$RESET_HOME" 2>/dev/null | cut -f1)
    log "station $(hostname): $files file(s), $size under $RESET_HOME"
}

clear_home() {
    log "clearing $RESET_HOME"
    RESET_HOME="$RESET_HOME" python3 - <<'PY'
import os
import shutil
import sys

root = os.environ["RESET_HOME"]
removed = 0
for entry in os.listdir(root):
    path = os.path.join(root, entry)
    try:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            os.remove(path)
        removed += 1
    except OSError as exc:
        print(f"skip {path}: {exc}", file=sys.stderr)
shutil.rmtree(root, ignore_errors=True)
print(f"removed {removed} top-level entries")
PY
}

zero_data_disk() {
    if [[ ! -b "$DATA_DISK" ]]; then
        log "data disk $DATA_DISK not present, skipping"
        return 0
    fi
    log "unmounting and zeroing $DATA_DISK"
    local part
    for part in $(lsblk -ln -o NAME "$DATA_DISK" | tail -n +2); do
        umount "/dev/$part" 2>/dev/null || true
    done
    dd if=/dev/zero of="$DATA_DISK" bs=4M status=none conv=fsync || true
    log "data disk zeroed"
}

main() {
    log "station reset started"
    if [[ ! -d "$RESET_HOME" ]]; then
        log "home $RESET_HOME missing"
        exit 1
    fi
    record_well_summary
    clear_home
    if [[ $SKIP_DISK -eq 0 ]]; then
        zero_data_disk
    fi
    log "station reset finished"
}

main
