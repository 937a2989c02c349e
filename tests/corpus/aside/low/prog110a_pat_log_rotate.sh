#!/bin/sh
# pat_log_rotate.sh - rotate the PAT tester session logs kept next to the
# hire depot's test bench export.
#
# The bench PC writes one pat-YYYYMMDD.log per day into ./logs via the
# tester's serial logger.  This compresses anything older than today, keeps
# KEEP_DAYS of compressed logs, and rebuilds ./logs/index.txt listing the
# asset tags tested in each file so the compliance team can grep quickly.
#
# Usage: pat_log_rotate.sh [-k days] [-d logdir] [-q]

set -eu

LOG_DIR=./logs
KEEP_DAYS=${PAT_KEEP_DAYS:-400}
QUIET=0

say() { [ "$QUIET" -eq 1 ] || echo "pat-rotate: $*"; }

while getopts "k:d:q" opt; do
    case $opt in
        k) KEEP_DAYS=$OPTARG ;;
        d) LOG_DIR=$OPTARG ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-k days] [-d logdir] [-q]" >&2; exit 2 ;;
    esac
done

[ -d "$LOG_DIR" ] || { echo "pat-rotate: no log dir $LOG_DIR" >&2; exit 1; }

today=$(date +%Y%m%d)

compress_old() {
    count=0
    for f in "$LOG_DIR"/pat-*.log; do
        [ -e "$f" ] || continue
        stamp=$(basename "$f" .log | cut -d- -f2)
        if [ "$stamp" != "$today" ]; then
            gzip -9 "$f"
            count=$((count + 1))
        fi
    done
    say "compressed $count log(s)"
}

expire_old() {
    removed=$(find "$LOG_DIR" -maxdepth 1 -name 'pat-*.log.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    say "expired $removed log(s) older than $KEEP_DAYS days"
}

rebuild_index() {
    idx="$LOG_DIR/index.txt.new"
    : > "$idx"
    for f in "$LOG_DIR"/pat-*.log.gz; do
        [ -e "$f" ] || continue
        tags=$(zcat "$f" | sed -n 's/.*ASSET=\([A-Z0-9-]*\).*/\1/p' | sort -u | tr '\n' ' ')
        printf '%s\t%s\n' "$(basename "$f")" "$tags" >> "$idx"
    done
    mv "$idx" "$LOG_DIR/index.txt"
    chmod 0600 "$LOG_DIR/index.txt"
    say "index rebuilt ($(wc -l < "$LOG_DIR/index.txt") files)"
}

clean_scratch() {
    rm -f "$LOG_DIR"/*.tmp "$LOG_DIR"/.serial-buffer-* 2>/dev/null || true
}

compress_old
expire_old
rebuild_index
clean_scratch
say "done"
