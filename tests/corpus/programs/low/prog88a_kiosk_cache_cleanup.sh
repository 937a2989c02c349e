#!/usr/bin/env bash
# kiosk_cache_cleanup.sh - reset the clubhouse member kiosk between sessions.
#
# The lobby kiosk runs the tee-time booking page in a Chromium kiosk profile
# kept in the kiosk app's working directory. Between members (and nightly from
# the kiosk's idle hook) this resets the browser profile caches, the booking
# app's local state and its build leftovers so the next member starts clean.
#
#   kiosk_cache_cleanup.sh [--profile DIR] [--state DIR] [--quiet]
#
set -u

KIOSK_PROFILE="${KIOSK_PROFILE:-./kiosk_profile}"
APP_STATE="${APP_STATE:-./booking_state}"
QUIET=0
LOGFILE="./kiosk_cleanup.log"

log() {
    local msg
    msg="$(date '+%F %T') $*"
    [ "$QUIET" -eq 1 ] || echo "$msg"
    echo "$msg" >>"$LOGFILE"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --profile) KIOSK_PROFILE="$2"; shift 2 ;;
        --state) APP_STATE="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

reset_browser_profile() {
    local d
    [ -d "$KIOSK_PROFILE" ] || { log "no kiosk profile at $KIOSK_PROFILE"; return 0; }
    for d in "Default/Cache" "Default/Code Cache" "Default/GPUCache" \
             "Default/Service Worker" "Default/Session Storage" "Default/Local Storage"; do
        if [ -e "$KIOSK_PROFILE/$d" ]; then
            rm -rf -- "${KIOSK_PROFILE:?}/$d"
            log "cleared $d"
        fi
    done
    rm -f -- "$KIOSK_PROFILE"/Default/{Cookies,Cookies-journal,History,History-journal,"Login Data","Web Data"}
}

reset_app_state() {
    [ -d "$APP_STATE" ] || return 0
    find "$APP_STATE" -maxdepth 1 -type f \( -name '*.session' -o -name 'cart_*.json' -o -name 'draft_*.json' \) -delete
    log "booking app state reset"
}

clear_build_leftovers() {
    local removed=0
    if [ -d ./build ]; then
        rm -rf -- ./build
        removed=$((removed + 1))
    fi
    while IFS= read -r -d '' d; do
        rm -rf -- "$d"
        removed=$((removed + 1))
    done < <(find . -type d \( -name __pycache__ -o -name .pytest_cache \) -print0)
    find ./logs -maxdepth 1 -type f -name 'kiosk-*.log' -mtime +14 -delete 2>/dev/null
    log "removed $removed build/cache directories"
}

restart_kiosk_browser() {
    local pid
    pid=$(pgrep -u "$(id -u)" -f -- "--user-data-dir=$KIOSK_PROFILE" | head -n1)
    if [ -n "$pid" ]; then
        kill "$pid" 2>/dev/null && log "signalled kiosk browser $pid (watchdog restarts it)"
    fi
}

main() {
    log "session cleanup starting"
    reset_browser_profile
    reset_app_state
    clear_build_leftovers
    restart_kiosk_browser
    log "session cleanup done"
}

main
