#!/bin/sh
# server_log_rotate.sh - rotate and prune logs of a game server install.
#
# Compresses yesterday's logs, copy-truncates the live log when it grows past
# a size limit and drops compressed logs older than the retention window.
# Designed to be called nightly from the server's own maintenance hook.
#
#   server_log_rotate.sh [-d server_dir] [-r retain_days] [-s max_mb] [-n]

set -eu

SERVER_DIR="$(pwd)"
RETAIN_DAYS=14
MAX_MB=64
DRY_RUN=0
LOG_SUBDIRS="logs BepInEx"

say() {
    printf '[%s] %s\n' "$(date '+%F %T')" "$*"
}

die() {
    say "error: $*" >&2
    exit 1
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

while getopts "d:r:s:nh" opt; do
    case "$opt" in
        d) SERVER_DIR="$OPTARG" ;;
        r) RETAIN_DAYS="$OPTARG" ;;
        s) MAX_MB="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[ -d "$SERVER_DIR" ] || die "no such directory: $SERVER_DIR"
cd "$SERVER_DIR"

case "$RETAIN_DAYS" in
    ''|*[!0-9]*) die "retain days must be a number" ;;
esac

compress_old() {
    dir="$1"
    find "$dir" -maxdepth 1 -type f -name '*.log' -mtime +0 ! -name 'latest.log' |
    while IFS= read -r f; do
        say "compressing $f"
        run gzip -9 -- "$f"
    done
}

truncate_live() {
    dir="$1"
    live="$dir/latest.log"
    [ -f "$live" ] || return 0
    size_kb=$(du -k "$live" | cut -f1)
    if [ "$size_kb" -gt $((MAX_MB * 1024)) ]; then
        stamp=$(date '+%Y%m%d-%H%M%S')
        say "live log is ${size_kb}KB, copying to $dir/latest-$stamp.log"
        run cp -p -- "$live" "$dir/latest-$stamp.log"
        [ "$DRY_RUN" -eq 1 ] || : > "$live"
        run gzip -9 -- "$dir/latest-$stamp.log"
    fi
}

prune_archives() {
    dir="$1"
    count=$(find "$dir" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$RETAIN_DAYS" | wc -l)
    if [ "$count" -gt 0 ]; then
        say "removing $count archive(s) older than $RETAIN_DAYS days from $dir"
        if [ "$DRY_RUN" -eq 1 ]; then
            find "$dir" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$RETAIN_DAYS" -print
        else
            find "$dir" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$RETAIN_DAYS" -delete
        fi
    fi
}

crash_dumps() {
    # Unity leaves crash folders next to the binary; keep only the newest three
    ls -1dt ./Crash_* 2>/dev/null | tail -n +4 | while IFS= read -r d; do
        say "dropping old crash dump $d"
        run rm -rf -- "$d"
    done
}

for sub in $LOG_SUBDIRS; do
    [ -d "$sub" ] || continue
    compress_old "$sub"
    truncate_live "$sub"
    prune_archives "$sub"
done
crash_dumps

say "log rotation finished in $SERVER_DIR"
