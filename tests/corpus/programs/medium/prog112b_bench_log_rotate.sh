#!/bin/sh
# bench_log_rotate.sh - nightly rotation for the bench PC application logs
# (ticket tracker client, timegrapher reader, catalogue sync, label printer).
#
# Logs live in $BENCH_HOME/logs. Anything older than ROTATE_AGE days is
# bundled into $BENCH_HOME/archive/bench-logs-<date>.tar.gz; the live logs
# are copied and truncated in place so the running apps keep their handles.
# Only the newest KEEP archives are kept.
#
# usage: bench_log_rotate.sh [-d bench_home] [-k keep] [-a age_days] [-v]

set -eu

BENCH_HOME="${BENCH_HOME:-$(pwd)}"
KEEP=14
ROTATE_AGE=1
VERBOSE=0
STAGE=/tmp/bench-logrotate

say() { [ "$VERBOSE" -eq 1 ] && echo "rotate: $*" >&2; return 0; }
fail() { echo "rotate: $*" >&2; exit 1; }

while getopts "d:k:a:vh" opt; do
    case $opt in
        d) BENCH_HOME=$OPTARG ;;
        k) KEEP=$OPTARG ;;
        a) ROTATE_AGE=$OPTARG ;;
        v) VERBOSE=1 ;;
        *) sed -n '2,10p' "$0"; exit 2 ;;
    esac
done

LOGS="$BENCH_HOME/logs"
ARCHIVE="$BENCH_HOME/archive"
STAMP=$(date +%Y%m%d-%H%M)

[ -d "$LOGS" ] || fail "no log directory at $LOGS"
mkdir -p "$ARCHIVE" "$STAGE"
rm -f "$STAGE"/*

# 1. old, closed log files: move them straight into the staging area
find "$LOGS" -maxdepth 1 -type f -name '*.log.[0-9]*' -mtime +"$ROTATE_AGE" | while read -r f; do
    say "staging $f"
    mv -- "$f" "$STAGE/"
done

# 2. live logs: copy then truncate, the apps keep writing to the same inode
for f in "$LOGS"/*.log; do
    [ -f "$f" ] || continue
    size=$(wc -c < "$f")
    if [ "$size" -gt 0 ]; then
        say "copy-truncate $f ($size bytes)"
        cp -p -- "$f" "$STAGE/$(basename "$f").$STAMP"
        : > "$f"
    fi
done

# 3. bundle
if [ -n "$(ls -A "$STAGE" 2>/dev/null)" ]; then
    tar -C "$STAGE" -czf "$ARCHIVE/bench-logs-$STAMP.tar.gz" .
    say "wrote $ARCHIVE/bench-logs-$STAMP.tar.gz"
    rm -f "$STAGE"/*
else
    say "nothing to rotate"
fi

# 4. prune old archives, newest first
n=0
ls -1t "$ARCHIVE"/bench-logs-*.tar.gz 2>/dev/null | while read -r a; do
    n=$((n + 1))
    if [ "$n" -gt "$KEEP" ]; then
        say "pruning $a"
        rm -f -- "$a"
    fi
done

# 5. disk report for the morning check
used=$(du -sh "$ARCHIVE" | cut -f1)
echo "$(date '+%F %T') rotated logs in $LOGS; archive size $used" >> "$LOGS/rotate.log"
