#!/bin/sh
# tank_log_rotate.sh - nightly rotation for the shop's tank parameter and
# dosing-pump logs.  Compresses yesterday's CSVs into a monthly tarball under
# ./archive, keeps the last N months and prunes the controller's cache dir.
#
# Usage: tank_log_rotate.sh [-d logdir] [-k months] [-n]
set -eu

LOG_DIR=./logs
ARCHIVE_DIR=./archive
CACHE_DIR=./.controller-cache
KEEP_MONTHS=6
DRY_RUN=0
STAGE=/tmp/tank_rotate
LOCK=/tmp/tank_rotate.lock

usage() { sed -n '2,7p' "$0"; exit "${1:-0}"; }

while getopts "d:k:nh" opt; do
    case "$opt" in
        d) LOG_DIR=$OPTARG ;;
        k) KEEP_MONTHS=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

say() { printf '%s tank_log_rotate: %s\n' "$(date '+%F %T')" "$*"; }
run() { if [ "$DRY_RUN" -eq 1 ]; then say "would run: $*"; else "$@"; fi; }

if [ -e "$LOCK" ] && kill -0 "$(cat "$LOCK")" 2>/dev/null; then
    say "another rotation is running (pid $(cat "$LOCK"))"
    exit 0
fi
echo $$ > "$LOCK"
trap 'rm -f "$LOCK"; rm -rf "$STAGE"' EXIT INT TERM

[ -d "$LOG_DIR" ] || { say "no log directory $LOG_DIR"; exit 0; }
mkdir -p "$ARCHIVE_DIR" "$STAGE"

today=$(date +%F)
month=$(date +%Y-%m)
moved=0

# Stage everything that is not today's file
for f in "$LOG_DIR"/*.csv "$LOG_DIR"/*.log; do
    [ -f "$f" ] || continue
    case "$(basename "$f")" in
        *"$today"*) continue ;;
    esac
    run mv "$f" "$STAGE/"
    moved=$((moved + 1))
done

if [ "$moved" -gt 0 ] && [ "$DRY_RUN" -eq 0 ]; then
    tarball="$ARCHIVE_DIR/tanklogs-$month.tar"
    if [ -f "$tarball.gz" ]; then
        gunzip "$tarball.gz"
    fi
    tar -rf "$tarball" -C "$STAGE" .
    gzip -9 "$tarball"
    say "archived $moved files into $tarball.gz"
else
    say "nothing to archive"
fi

# Keep the last KEEP_MONTHS monthly archives
ls -1 "$ARCHIVE_DIR"/tanklogs-*.tar.gz 2>/dev/null | sort -r | tail -n +"$((KEEP_MONTHS + 1))" |
while read -r old; do
    say "removing old archive $old"
    run rm -f "$old"
done

# Controller cache: thumbnails and sensor buffers older than a week
if [ -d "$CACHE_DIR" ]; then
    run find "$CACHE_DIR" -type f -mtime +7 -delete
fi

say "done"
