#!/usr/bin/env bash
# clean_render_cache.sh - remove this project's own render/transcode leftovers.
#
# Run from the root of a video-editing project.  Deletes only the cache and
# build folders this project's scripts create (./.render-cache, ./proxies,
# ./build) and stray *.part files, all inside the current directory.
set -euo pipefail

PROJECT_ROOT="$(pwd)"
CACHE_DIRS=(".render-cache" "proxies" "build")
DRY_RUN=0
KEEP_PROXIES=0

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-n] [-k]
  -n   dry run, only list what would be removed
  -k   keep ./proxies (low-res editing proxies)
USAGE
}

log() { printf '[clean] %s\n' "$*"; }

human_size() {
    du -sh -- "$1" 2>/dev/null | cut -f1
}

remove_path() {
    local target="$1"
    case "$target" in
        "$PROJECT_ROOT"/*) ;;
        *) log "refusing to touch $target (outside project)"; return 1 ;;
    esac
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove $target ($(human_size "$target"))"
    else
        log "removing $target ($(human_size "$target"))"
        rm -rf -- "$target"
    fi
}

while getopts ":nkh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_PROXIES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ ! -f "$PROJECT_ROOT/project.json" && ! -d "$PROJECT_ROOT/footage" ]]; then
    log "no project.json or footage/ here; run from a project root"
    exit 1
fi

removed=0
for dir in "${CACHE_DIRS[@]}"; do
    if [[ "$dir" == "proxies" && $KEEP_PROXIES -eq 1 ]]; then
        log "keeping ./proxies"
        continue
    fi
    if [[ -d "$PROJECT_ROOT/$dir" ]]; then
        remove_path "$PROJECT_ROOT/$dir" && removed=$((removed + 1))
    fi
done

# half-written exports from interrupted renders
while IFS= read -r -d '' part; do
    remove_path "$part" && removed=$((removed + 1))
done < <(find "$PROJECT_ROOT" -maxdepth 3 -type f -name '*.part' -print0)

# editors leave zero-byte waveform caches next to clips
while IFS= read -r -d '' peak; do
    remove_path "$peak" && removed=$((removed + 1))
done < <(find "$PROJECT_ROOT/footage" -maxdepth 2 -type f -name '*.pek' -size 0 -print0 2>/dev/null)

if [[ $removed -eq 0 ]]; then
    log "already clean"
else
    log "$removed item(s) $( [[ $DRY_RUN -eq 1 ]] && echo 'would be' ) removed"
fi
