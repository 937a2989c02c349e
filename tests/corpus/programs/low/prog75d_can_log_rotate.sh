#!/usr/bin/env bash
# can_log_rotate.sh - compress and prune bench CAN logs after a session.
#
# The bench logger writes candump-*.log files into ./logs. After each test
# session this script compresses logs older than an hour, prunes archives
# past the retention window, clears the decoder cache and prints a short
# summary for the session sheet.
#
# Usage: can_log_rotate.sh [-d LOGDIR] [-k DAYS] [-n]   (-n = dry run)

set -euo pipefail

LOGDIR=./logs
CACHE_DIR=./.decoder-cache
KEEP_DAYS=${CAN_LOG_KEEP_DAYS:-30}
DRY_RUN=0

while getopts "d:k:nh" opt; do
    case $opt in
        d) LOGDIR=$OPTARG ;;
        k) KEEP_DAYS=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h|*) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

note() { printf '  - %s\n' "$*"; }
run() {
    if (( DRY_RUN )); then
        echo "    would run: $*"
    else
        "$@"
    fi
}

[[ -d "$LOGDIR" ]] || { echo "no log directory $LOGDIR" >&2; exit 1; }

compress_logs() {
    local count=0 f
    while IFS= read -r -d '' f; do
        # skip the file the logger is still writing
        if command -v fuser >/dev/null && fuser -s "$f" 2>/dev/null; then
            continue
        fi
        run gzip -9 "$f"
        count=$((count + 1))
    done < <(find "$LOGDIR" -maxdepth 1 -name 'candump-*.log' -mmin +60 -print0)
    note "compressed $count log(s)"
}

prune_archives() {
    local n
    n=$(find "$LOGDIR" -maxdepth 1 -name 'candump-*.log.gz' -mtime +"$KEEP_DAYS" | wc -l)
    if (( n > 0 )); then
        if (( DRY_RUN )); then
            find "$LOGDIR" -maxdepth 1 -name 'candump-*.log.gz' -mtime +"$KEEP_DAYS" -print
        else
            find "$LOGDIR" -maxdepth 1 -name 'candump-*.log.gz' -mtime +"$KEEP_DAYS" -delete
        fi
    fi
    note "pruned $n archive(s) older than $KEEP_DAYS days"
}

clear_cache() {
    if [[ -d "$CACHE_DIR" ]]; then
        run rm -rf "${CACHE_DIR:?}"/*
        note "cleared decoder cache"
    fi
}

summary() {
    local total frames
    total=$(du -sh "$LOGDIR" 2>/dev/null | cut -f1)
    frames=0
    for f in "$LOGDIR"/candump-*.log; do
        [[ -e "$f" ]] || continue
        frames=$((frames + $(wc -l < "$f")))
    done
    note "log directory size: ${total:-0}"
    note "uncompressed frames pending: $frames"
}

echo "Rotating CAN logs in $LOGDIR"
compress_logs
prune_archives
clear_cache
summary
