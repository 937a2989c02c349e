#!/bin/sh
# depot_log_archive.sh - rotate the depot sync tools' logs
#
# The GPS poller, photo sync and invoice mailer all write plain-text logs
# into ./logs.  Run this nightly from the depot PC (or by hand at the end of
# a shift) to compress yesterday's logs and drop archives older than KEEP_DAYS.
#
#   depot_log_archive.sh [-d LOGDIR] [-k KEEP_DAYS] [-n]
set -eu

LOGDIR=./logs
KEEP_DAYS=${KEEP_DAYS:-30}
DRY_RUN=0

say() { printf '%s archive: %s\n' "$(date '+%Y-%m-%d %H:%M')" "$*"; }

usage() {
    sed -n '2,8p' "$0"
    exit "${1:-0}"
}

while getopts "d:k:nh" opt; do
    case $opt in
        d) LOGDIR=$OPTARG ;;
        k) KEEP_DAYS=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[ -d "$LOGDIR" ] || { say "no log directory $LOGDIR"; exit 0; }
ARCHIVE="$LOGDIR/archive"
mkdir -p "$ARCHIVE"

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

rotate_one() {
    f=$1
    [ -s "$f" ] || return 0
    base=$(basename "$f" .log)
    stamp=$(date -r "$f" +%Y%m%d 2>/dev/null || date +%Y%m%d)
    dest="$ARCHIVE/$base-$stamp.log"
    n=1
    while [ -e "$dest.gz" ]; do
        dest="$ARCHIVE/$base-$stamp.$n.log"
        n=$((n + 1))
    done
    run cp -p "$f" "$dest"
    run gzip -9 "$dest"
    run truncate -s 0 "$f"
    say "rotated $(basename "$f") -> $(basename "$dest").gz"
}

prune_archives() {
    find "$ARCHIVE" -type f -name '*.log.gz' -mtime +"$KEEP_DAYS" -print | while read -r old; do
        run rm -f "$old"
        say "removed $(basename "$old")"
    done
}

summary() {
    total=$(du -sh "$ARCHIVE" 2>/dev/null | cut -f1)
    files=$(find "$ARCHIVE" -type f -name '*.log.gz' | wc -l)
    say "archive holds $files files ($total)"
}

count=0
for logfile in "$LOGDIR"/*.log; do
    [ -e "$logfile" ] || continue
    rotate_one "$logfile"
    count=$((count + 1))
done
prune_archives
say "$count log files checked, archives kept for $KEEP_DAYS days"
summary
