#!/usr/bin/env bash
# prog234b_thumbnail_cache_tidy.sh
#
# Housekeeping for the story-browser thumbnail cache in the project
# directory. Thumbnails are stored as .thumbcache/<md5 of clip path>.jpg.
# This script rebuilds the list of expected cache keys from the current
# clip list, removes thumbnails whose clip is gone or that are older than
# the retention window, and writes a small manifest of what is left.
#
# Usage: prog234b_thumbnail_cache_tidy.sh [--clips FILE] [--days N] [--dry-run]

set -euo pipefail

PROG="$(basename "$0")"
CACHE_DIR="./.thumbcache"
CLIP_LIST="./clips.txt"
DAYS=14
DRY_RUN=0
MANIFEST="${CACHE_DIR}/MANIFEST"

log() {
    printf '%s [%s] %s\n' "$(date '+%T')" "$PROG" "$*" >&2
}

cache_key() {
    # md5 of the clip path is only a cache key, not a security measure
    printf '%s' "$1" | md5sum | cut -d' ' -f1
}

remove() {
    if (( DRY_RUN )); then
        log "would remove $1"
    else
        rm -f -- "$1"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --clips) CLIP_LIST="$2"; shift 2 ;;
        --days) DAYS="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

[[ -d "$CACHE_DIR" ]] || { log "no cache at $CACHE_DIR, nothing to do"; exit 0; }
[[ -f "$CLIP_LIST" ]] || { log "clip list $CLIP_LIST not found"; exit 1; }
[[ "$DAYS" =~ ^[0-9]+$ ]] || { log "--days must be a number"; exit 2; }

declare -A expected=()
while IFS= read -r clip; do
    [[ -z "$clip" || "$clip" == \#* ]] && continue
    expected["$(cache_key "$clip")"]="$clip"
done < "$CLIP_LIST"
log "${#expected[@]} clip(s) in $CLIP_LIST"

orphans=0
stale=0
kept=0
while IFS= read -r -d '' thumb; do
    key="$(basename "$thumb" .jpg)"
    if [[ -z "${expected[$key]+x}" ]]; then
        remove "$thumb"
        orphans=$((orphans + 1))
    elif [[ -n "$(find "$thumb" -mtime +"$DAYS" -print)" ]]; then
        remove "$thumb"
        stale=$((stale + 1))
    else
        kept=$((kept + 1))
    fi
done < <(find "$CACHE_DIR" -maxdepth 1 -type f -name '*.jpg' -print0)

# leftovers from interrupted thumbnail renders
find "$CACHE_DIR" -maxdepth 1 -type f -name '*.jpg.part' -mmin +60 -print0 |
    while IFS= read -r -d '' part; do remove "$part"; done

if (( ! DRY_RUN )); then
    {
        echo "# thumbnail cache manifest, $(date '+%F %T')"
        for thumb in "$CACHE_DIR"/*.jpg; do
            [[ -e "$thumb" ]] || continue
            key="$(basename "$thumb" .jpg)"
            printf '%s\t%s\n' "$key" "${expected[$key]:-?}"
        done
    } > "$MANIFEST"
    chmod 0600 "$MANIFEST"
fi

log "kept ${kept}, removed ${orphans} orphaned and ${stale} stale thumbnail(s)"
du -sh "$CACHE_DIR" 2>/dev/null | awk '{print "cache size: " $1}' >&2
