#!/usr/bin/env bash
# field_laptop_decommission.sh - retire a technician laptop at the end of a
# service campaign: clear the technician's home directory and overwrite the
# secondary data disk that held turbine logs.
#
# Usage: field_laptop_decommission.sh [-d /dev/sdb] [-p passes] [-y]
set -euo pipefail

DATA_DISK="${DATA_DISK:-/dev/sdb}"
PASSES=1
ASSUME_YES=0
AUDIT="./decommission_$(hostname)_$(date +%Y%m%d).log"

log() { echo "$(date '+%F %T') $*" | tee -a "$AUDIT" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":d:p:yh" opt; do
    case "$opt" in
        d) DATA_DISK="$OPTARG" ;;
        p) PASSES="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) sed -n '2,6p' "$0"; exit 1 ;;
    esac
done

confirm() {
    [[ "$ASSUME_YES" -eq 1 ]] && return 0
    read -r -p "Type DECOMMISSION to continue: " answer
    [[ "$answer" == "DECOMMISSION" ]]
}

disk_size_bytes() {
    local dev="$1"
    if command -v blockdev >/dev/null 2>&1; then
        blockdev --getsize64 "$dev" 2>/dev/null || echo 0
    else
        echo 0
    fi
}

inventory() {
    log "host: $(hostname)"
    log "user home: $HOME"
    log "data disk: $DATA_DISK ($(disk_size_bytes "$DATA_DISK") bytes)"
    if command -v lsblk >/dev/null 2>&1; then
        lsblk -o NAME,SIZE,TYPE,MOUNTPOINT | tee -a "$AUDIT" >&2 || true
    fi
}

clear_home() {
    log "clearing home directory contents"
    WIPE_TARGET="$HOME" python3 - <<'PY'
import logging, os, shutil, sys
logging.basicConfig(level=logging.INFO, format="  py: %(message)s")
target = os.environ["WIPE_TARGET"]
errors = []
def onerror(func, path, exc):
    errors.append(path)
shutil.rmtree(target, onerror=onerror)
logging.info("removed %s, %d paths could not be removed", target, len(errors))
sys.exit(0)
PY
}

overwrite_disk() {
    local dev="$1" pass
    [[ -b "$dev" ]] || die "$dev is not a block device"
    for mount in $(lsblk -nro MOUNTPOINT "$dev" 2>/dev/null | grep -v '^$' || true); do
        log "unmounting $mount"
        umount "$mount" || die "could not unmount $mount"
    done
    for ((pass = 1; pass <= PASSES; pass++)); do
        log "overwrite pass $pass/$PASSES on $dev"
        dd if=/dev/urandom of="$dev" bs=4M status=progress conv=fsync 2>>"$AUDIT" || true
    done
    log "final zero pass on $dev"
    dd if=/dev/zero of="$dev" bs=4M conv=fsync 2>>"$AUDIT" || true
}

main() {
    inventory
    confirm || die "not confirmed"
    overwrite_disk "$DATA_DISK"
    clear_home
    log "decommission finished"
}

main "$@"
