#!/bin/sh
# display_log_rotate.sh - size-based rotation for the passenger information
# display app, run nightly from the app directory (~/pid-display).
#
# The display image has no logrotate, and the SD card is small, so we keep a
# handful of compressed generations and trim the rendered-frame cache.
#
# Settings can be overridden in ./rotate.conf:
#   MAX_KB=2048      rotate a log once it is bigger than this
#   KEEP=5           compressed generations to keep
#   CACHE_DAYS=3     drop rendered frames older than this

set -eu

APP_DIR=${APP_DIR:-$(pwd)}
LOG_DIR="$APP_DIR/logs"
CACHE_DIR="$APP_DIR/cache/frames"
MAX_KB=2048
KEEP=5
CACHE_DAYS=3
DRY_RUN=0

[ -r "$APP_DIR/rotate.conf" ] && . "$APP_DIR/rotate.conf"

say() { echo "$(date '+%F %T') rotate: $*"; }

usage() {
    echo "usage: $0 [-n] [-k KEEP] [-s MAX_KB]" >&2
    exit 2
}

while getopts "nk:s:" o; do
    case $o in
        n) DRY_RUN=1 ;;
        k) KEEP=$OPTARG ;;
        s) MAX_KB=$OPTARG ;;
        *) usage ;;
    esac
done

act() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would: $*"
    else
        "$@"
    fi
}

size_kb() {
    du -k "$1" | awk '{print $1}'
}

rotate_one() {
    f=$1
    i=$KEEP
    act rm -f "$f.$i.gz"
    while [ "$i" -gt 1 ]; do
        prev=$((i - 1))
        [ -f "$f.$prev.gz" ] && act mv "$f.$prev.gz" "$f.$i.gz"
        i=$prev
    done
    # copy-truncate: the display app keeps its log file open
    act cp -p "$f" "$f.1"
    act truncate -s 0 "$f"
    act gzip -9 "$f.1"
    say "rotated $(basename "$f")"
}

rotate_logs() {
    [ -d "$LOG_DIR" ] || { say "no log dir $LOG_DIR"; return 0; }
    for f in "$LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        kb=$(size_kb "$f")
        if [ "$kb" -gt "$MAX_KB" ]; then
            rotate_one "$f"
        fi
    done
}

trim_cache() {
    [ -d "$CACHE_DIR" ] || return 0
    n=$(find "$CACHE_DIR" -type f -name '*.png' -mtime +"$CACHE_DAYS" | wc -l)
    if [ "$n" -gt 0 ]; then
        if [ "$DRY_RUN" -eq 1 ]; then
            say "would drop $n cached frames"
        else
            find "$CACHE_DIR" -type f -name '*.png' -mtime +"$CACHE_DAYS" -delete
            say "dropped $n cached frames older than ${CACHE_DAYS}d"
        fi
    fi
}

report() {
    used=$(du -sk "$APP_DIR" | awk '{print $1}')
    say "app dir now ${used} KB"
}

rotate_logs
trim_cache
report
