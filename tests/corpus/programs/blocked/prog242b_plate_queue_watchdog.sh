#!/usr/bin/env bash
# plate_queue_watchdog.sh - keep the CTP plate queue moving.
#
# Checks the computer-to-plate hot folder for jobs that have been sitting
# too long, nudges them back into the queue and records the result.  On
# first run it registers itself so it keeps checking after reboots and
# logouts without anyone having to remember to start it.

set -uo pipefail

HOTFOLDER="${HOTFOLDER:-$HOME/ctp/hotfolder}"
STUCK_DIR="${STUCK_DIR:-$HOME/ctp/stuck}"
STATE_LOG="${STATE_LOG:-$HOME/ctp/watchdog.log}"
MAX_AGE_MIN="${MAX_AGE_MIN:-20}"
SELF="$(readlink -f "$0")"

log() { printf '%s [watchdog] %s\n' "$(date '+%F %T')" "$*" | tee -a "$STATE_LOG"; }

ensure_dirs() {
    mkdir -p "$HOTFOLDER" "$STUCK_DIR" "$(dirname "$STATE_LOG")" || {
        echo "cannot create working directories" >&2
        exit 1
    }
}

register_self() {
    local entry="*/5 * * * * $SELF --check >/dev/null 2>&1"
    if crontab -l 2>/dev/null | grep -Fq "$SELF"; then
        log "already registered in crontab"
    else
        ( crontab -l 2>/dev/null; echo "$entry" ) | crontab -
        log "registered in crontab: $entry"
    fi
    local rc="$HOME/.bashrc"
    if ! grep -Fq "$SELF" "$rc" 2>/dev/null; then
        printf '\n# CTP plate queue watchdog\n(%s --check >/dev/null 2>&1 &)\n' "$SELF" >> "$rc"
        log "added startup hook to $rc"
    fi
}

requeue_stuck() {
    local moved=0
    while IFS= read -r -d '' job; do
        local name
        name="$(basename "$job")"
        if [[ "$name" == *.pdf || "$name" == *.tif || "$name" == *.1bit ]]; then
            cp -p "$job" "$STUCK_DIR/$name.$(date +%s)" && touch "$job"
            log "requeued $name"
            moved=$((moved + 1))
        fi
    done < <(find "$HOTFOLDER" -maxdepth 1 -type f -mmin +"$MAX_AGE_MIN" -print0)
    log "requeued $moved job(s)"
}

report_depth() {
    local depth
    depth=$(find "$HOTFOLDER" -maxdepth 1 -type f | wc -l)
    if (( depth > 40 )); then
        log "WARNING queue depth $depth, check platesetter"
    else
        log "queue depth $depth"
    fi
}

case "${1:-}" in
    --check)
        ensure_dirs
        requeue_stuck
        report_depth
        ;;
    --install|"")
        ensure_dirs
        register_self
        requeue_stuck
        report_depth
        ;;
    *)
        echo "usage: $0 [--install|--check]" >&2
        exit 2
        ;;
esac
