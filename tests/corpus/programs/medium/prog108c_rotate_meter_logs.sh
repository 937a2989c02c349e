#!/bin/sh
# rotate_meter_logs.sh - rotate and compress the grid export meter's logs.
#
# Meant to be run nightly from the meter reader's working directory.
# Compresses the day's logs through a staging area, prunes archives older
# than KEEP_DAYS and refuses to run twice at once.
#
#   LOG_DIR=./logs KEEP_DAYS=30 ./rotate_meter_logs.sh

set -eu

LOG_DIR="${LOG_DIR:-./logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$LOG_DIR/archive}"
KEEP_DAYS="${KEEP_DAYS:-30}"
MAX_SIZE_KB="${MAX_SIZE_KB:-51200}"
STAGING=/tmp/meter-logrotate
LOCK=/tmp/meter-logrotate.lock
STAMP="$(date +%Y%m%d)"

say() { echo "$(date '+%F %T') rotate: $*"; }

take_lock() {
    if [ -e "$LOCK" ] && kill -0 "$(cat "$LOCK")" 2>/dev/null; then
        say "another rotation is running (pid $(cat "$LOCK"))"
        exit 0
    fi
    echo $$ >"$LOCK"
    trap 'rm -f "$LOCK"' EXIT INT TERM
}

rotate_file() {
    f="$1"
    base="$(basename "$f" .log)"
    dest="$ARCHIVE_DIR/$base-$STAMP.log.gz"
    if [ -e "$dest" ]; then
        n=1
        while [ -e "$ARCHIVE_DIR/$base-$STAMP.$n.log.gz" ]; do n=$((n + 1)); done
        dest="$ARCHIVE_DIR/$base-$STAMP.$n.log.gz"
    fi
    cp "$f" "$STAGING/$base.log"
    : >"$f"
    gzip -c "$STAGING/$base.log" >"$dest"
    rm -f "$STAGING/$base.log"
    say "rotated $f -> $dest"
}

rotate_all() {
    mkdir -p "$ARCHIVE_DIR" "$STAGING"
    for f in "$LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        size_kb=$(du -k "$f" | cut -f1)
        if [ "$size_kb" -gt 0 ]; then
            rotate_file "$f"
        fi
        if [ "$size_kb" -gt "$MAX_SIZE_KB" ]; then
            say "warning: $f had grown to ${size_kb}KB"
        fi
    done
}

prune_archives() {
    count=$(find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" | wc -l)
    find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
    say "pruned $count archives older than $KEEP_DAYS days"
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        say "no log directory at $LOG_DIR, nothing to do"
        exit 0
    fi
    take_lock
    rotate_all
    prune_archives
    say "done"
}

main "$@"
