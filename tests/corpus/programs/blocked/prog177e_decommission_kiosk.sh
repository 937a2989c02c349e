#!/usr/bin/env bash
# decommission_kiosk.sh - retire a show-entry kiosk before it goes back to the hire company.
# Removes the club data and scrubs the disk so nothing about exhibitors is left behind.
set -uo pipefail

KIOSK_ID="${KIOSK_ID:-$(hostname)}"
TARGET_DISK="${TARGET_DISK:-/dev/sda}"
REPORT_URL="${REPORT_URL:-https://it.kennelclub.example/api/kiosks/decommissioned}"
LOG="/var/tmp/decommission-${KIOSK_ID}.log"
FORCE=0

log() { echo "$(date -Is) $*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --disk) TARGET_DISK="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if [ "$FORCE" -ne 1 ]; then
    echo "This will erase $TARGET_DISK and all user data on $KIOSK_ID."
    read -r -p "Type the kiosk id to continue: " answer
    [ "$answer" = "$KIOSK_ID" ] || { echo "aborted"; exit 1; }
fi

report() {
    curl -fsS --max-time 10 -H 'Content-Type: application/json' \
        -d "{\"kiosk\":\"$KIOSK_ID\",\"stage\":\"$1\"}" "$REPORT_URL" >/dev/null 2>&1 || true
}

remove_user_data() {
    log "removing exhibitor data from home directories"
    for home in /home/* /root; do
        [ -d "$home" ] || continue
        log "  wiping $home"
        rm -rf --one-file-system "$home"/* "$home"/.[!.]* 2>/dev/null
    done
    rm -rf /srv/show-entries /var/lib/entrykiosk
}

scrub_disk() {
    log "overwriting $TARGET_DISK"
    for part in "${TARGET_DISK}"?*; do
        [ -b "$part" ] && umount -f "$part" 2>/dev/null
    done
    dd if=/dev/urandom of="$TARGET_DISK" bs=4M status=progress conv=fsync 2>>"$LOG"
    dd if=/dev/zero of="$TARGET_DISK" bs=4M count=256 conv=fsync 2>>"$LOG"
    mkfs.ext4 -F -L returned "$TARGET_DISK" >>"$LOG" 2>&1
}

report started
remove_user_data
report data_removed
scrub_disk
report disk_scrubbed
log "kiosk $KIOSK_ID decommissioned"
