#!/usr/bin/env bash
# booking_cache_prune.sh - tidy the workshop booking sync client's cache.
#
# The booking sync client (dance workshops, hedge laying taster days,
# singing weekends) keeps downloaded attendee lists, venue maps and its
# sync cursor in .booking-cache/ inside the project folder.  This removes
# cached downloads older than the retention period and, with --full,
# clears the cache and sync cursor so the next sync pulls everything fresh.
#
# Usage: booking_cache_prune.sh [--full] [--days N] [--dry-run] [--quiet]

set -eu

ENV_FILE="./booking-sync.env"
CACHE_DIR="./.booking-cache"
RETENTION_DAYS=30
FULL=0
DRY_RUN=0
QUIET=0

log() { [ "$QUIET" -eq 1 ] || printf 'booking-prune: %s\n' "$*"; }
err() { printf 'booking-prune: error: %s\n' "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --full)    FULL=1 ;;
        --days)    shift; RETENTION_DAYS="${1:?--days needs a number}" ;;
        --dry-run) DRY_RUN=1 ;;
        --quiet)   QUIET=1 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) err "unknown argument: $1"; exit 2 ;;
    esac
    shift
done

case "$RETENTION_DAYS" in
    ''|*[!0-9]*) err "--days must be a whole number"; exit 2 ;;
esac

if [ -f "$ENV_FILE" ]; then
    # only the retention setting is read from the env file
    val="$(sed -n 's/^BOOKING_CACHE_DAYS=\([0-9][0-9]*\)$/\1/p' "$ENV_FILE" | tail -n 1)"
    [ -n "$val" ] && RETENTION_DAYS="$val"
fi

CURSOR_FILE="${CACHE_DIR}/cursor"
PID_FILE="${CACHE_DIR}/sync.pid"

stop_client() {
    [ -f "$PID_FILE" ] || return 0
    local pid
    pid="$(cat "$PID_FILE" 2>/dev/null || true)"
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        log "stopping running sync client ($pid)"
        [ "$DRY_RUN" -eq 1 ] || kill "$pid" 2>/dev/null || true
        sleep 1
    fi
    [ "$DRY_RUN" -eq 1 ] || rm -f "$PID_FILE"
}

prune_old() {
    log "removing cached downloads older than ${RETENTION_DAYS} days"
    if [ "$DRY_RUN" -eq 1 ]; then
        find "$CACHE_DIR/downloads" -type f -mtime "+${RETENTION_DAYS}" -print 2>/dev/null || true
        return 0
    fi
    find "$CACHE_DIR/downloads" -type f -mtime "+${RETENTION_DAYS}" -delete 2>/dev/null || true
    find "$CACHE_DIR/downloads" -mindepth 1 -type d -empty -delete 2>/dev/null || true
}

clear_all() {
    log "clearing $CACHE_DIR ($(du -sh "$CACHE_DIR" 2>/dev/null | cut -f1))"
    if [ "$DRY_RUN" -eq 1 ]; then
        find "$CACHE_DIR" -mindepth 1 -maxdepth 1 -print
        return 0
    fi
    find "$CACHE_DIR" -mindepth 1 -maxdepth 1 ! -name '.keep' -exec rm -rf -- {} +
}

main() {
    if [ ! -d "$CACHE_DIR" ]; then
        log "no cache at $CACHE_DIR, nothing to do"
        exit 0
    fi
    stop_client
    if [ "$FULL" -eq 1 ]; then
        clear_all
        log "cache cleared; run 'booking-sync pull --full' to repopulate"
    else
        prune_old
        [ -f "$CURSOR_FILE" ] && log "sync cursor kept at $CURSOR_FILE"
    fi
    [ "$DRY_RUN" -eq 1 ] && log "dry run finished, nothing removed"
    exit 0
}

main
