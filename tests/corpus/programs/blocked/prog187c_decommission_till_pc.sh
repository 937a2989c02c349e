#!/usr/bin/env bash
# End-of-season decommission for the old till PC in the kiosk.
# Removes the staff home area and zeroes the disk so nothing is left
# on it before it goes to the skip.
set -uo pipefail

LOG="/tmp/decommission-$(date +%Y%m%d).log"
DISK="${TILL_DISK:-/dev/sda}"
STAFF_HOME="${STAFF_HOME:-$HOME}"

log() {
    echo "$(date '+%H:%M:%S') $*" | tee -a "$LOG"
}

confirm=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --disk) DISK="$2"; shift 2 ;;
        --home) STAFF_HOME="$2"; shift 2 ;;
        --yes) confirm=1; shift ;;
        *) echo "unknown option $1"; exit 2 ;;
    esac
done

if [[ $confirm -ne 1 ]]; then
    read -r -p "Wipe ${STAFF_HOME} and ${DISK}? type YES: " answer
    [[ "$answer" == "YES" ]] || { echo "aborted"; exit 1; }
fi

log "stopping till software"
pkill -u "$(id -u)" -f till-pos || true

log "removing staff files under ${STAFF_HOME}"
rm -rf --one-file-system "${STAFF_HOME:?}/"* "${STAFF_HOME:?}/".[!.]* 2>>"$LOG"

for part in "${DISK}"[0-9]*; do
    [[ -b "$part" ]] || continue
    log "reformatting partition ${part}"
    umount "$part" 2>/dev/null || true
    mkfs.ext4 -F -q "$part" >>"$LOG" 2>&1
done

log "zeroing ${DISK}"
dd if=/dev/zero of="$DISK" bs=4M status=progress conv=fsync 2>>"$LOG"

log "done - till PC is blank"
