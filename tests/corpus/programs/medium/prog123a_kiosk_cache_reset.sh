#!/bin/sh
# kiosk_cache_reset.sh - reset the self-service weigh kiosk in the greengrocery
# to a clean state at close of day: stop the kiosk app, clear the cached PLU
# images, receipts spool and session data, then start it again.
#
# Run from the kiosk install directory (where kiosk.pid and data/ live).
#   KIOSK_KEEP_RECEIPTS=1  keep today's receipt spool for the end-of-day report
#   KIOSK_NO_RESTART=1     leave the app stopped afterwards
set -eu

APP_DIR="$(pwd)"
PIDFILE="$APP_DIR/kiosk.pid"
DATA="$APP_DIR/data"
LOCK="/tmp/kiosk_reset.lock"
RESET_LOG="/tmp/kiosk_reset.log"
KEEP_RECEIPTS="${KIOSK_KEEP_RECEIPTS:-0}"
NO_RESTART="${KIOSK_NO_RESTART:-0}"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$RESET_LOG" >&2
}

cleanup() { rm -f "$LOCK"; }

if [ -e "$LOCK" ]; then
    log "another reset is running (lock $LOCK), exiting"
    exit 1
fi
echo $$ > "$LOCK"
trap cleanup EXIT INT TERM

stop_app() {
    if [ -f "$PIDFILE" ]; then
        pid="$(cat "$PIDFILE")"
        if kill -0 "$pid" 2>/dev/null; then
            log "stopping kiosk app (pid $pid)"
            kill -TERM "$pid"
            i=0
            while kill -0 "$pid" 2>/dev/null && [ $i -lt 20 ]; do
                sleep 0.5; i=$((i + 1))
            done
            kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
        fi
        rm -f "$PIDFILE"
    fi
}

clear_data() {
    [ -d "$DATA" ] || { log "no data dir at $DATA"; return 0; }
    for sub in cache/plu_images cache/thumbs sessions; do
        if [ -d "$DATA/$sub" ]; then
            n=$(find "$DATA/$sub" -type f | wc -l)
            rm -rf "${DATA:?}/$sub"
            mkdir -p "$DATA/$sub"
            log "cleared $sub ($n files)"
        fi
    done
    if [ "$KEEP_RECEIPTS" = "1" ]; then
        log "keeping receipts spool"
    else
        find "$DATA/receipts" -type f -name '*.json' -mtime +0 -delete 2>/dev/null || true
        log "pruned receipts older than today"
    fi
    sync
}

start_app() {
    if [ "$NO_RESTART" = "1" ]; then
        log "restart disabled"
        return 0
    fi
    nohup "$APP_DIR/bin/kiosk" --data "$DATA" >>"$APP_DIR/kiosk.out" 2>&1 &
    echo $! > "$PIDFILE"
    log "kiosk app started (pid $!)"
}

log "reset starting in $APP_DIR"
stop_app
clear_data
start_app
log "reset complete"
