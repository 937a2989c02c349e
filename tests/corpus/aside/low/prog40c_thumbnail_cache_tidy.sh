#!/usr/bin/env bash
# Tidy the DICOM preview thumbnail cache used by the local viewer build.
# Only touches ./.viewer-cache below the project directory: drops stale
# thumbnails, rebuilds the md5 key index and prints a size report.
set -euo pipefail

CACHE_DIR="./.viewer-cache"
INDEX_FILE="${CACHE_DIR}/index.tsv"
MAX_AGE_DAYS=14
DRY_RUN=0
VERBOSE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-d days] [-n] [-v]
  -d DAYS   remove thumbnails not accessed for DAYS days (default ${MAX_AGE_DAYS})
  -n        dry run, only list what would be removed
  -v        verbose output
EOF
}

log() {
    printf '%s [cache-tidy] %s\n' "$(date +%H:%M:%S)" "$*"
}

while getopts ":d:nvh" opt; do
    case "$opt" in
        d) MAX_AGE_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! "$MAX_AGE_DAYS" =~ ^[0-9]+$ ]]; then
    log "age must be a whole number of days"; exit 2
fi

if [[ ! -d "$CACHE_DIR" ]]; then
    log "no cache directory at ${CACHE_DIR}, nothing to do"
    exit 0
fi

prune_stale() {
    local count=0
    while IFS= read -r -d '' thumb; do
        count=$((count + 1))
        if (( DRY_RUN )); then
            log "would remove ${thumb}"
        else
            (( VERBOSE )) && log "removing ${thumb}"
            rm -f -- "$thumb"
        fi
    done < <(find "$CACHE_DIR" -type f -name '*.png' -atime +"$MAX_AGE_DAYS" -print0)
    log "stale thumbnails: ${count}"
}

rebuild_index() {
    local tmp_index="${INDEX_FILE}.new"
    : > "$tmp_index"
    find "$CACHE_DIR" -type f -name '*.png' -print0 |
        while IFS= read -r -d '' thumb; do
            key=$(basename "$thumb" .png)
            sum=$(md5sum "$thumb" | cut -d' ' -f1)
            printf '%s\t%s\t%s\n' "$key" "$sum" "$(stat -c %s "$thumb")" >> "$tmp_index"
        done
    sort -o "$tmp_index" "$tmp_index"
    mv -f "$tmp_index" "$INDEX_FILE"
    log "index rebuilt with $(wc -l < "$INDEX_FILE") entries"
}

remove_empty_dirs() {
    find "$CACHE_DIR" -mindepth 1 -type d -empty -delete
}

prune_stale
if (( ! DRY_RUN )); then
    remove_empty_dirs
    rebuild_index
fi
log "cache size now $(du -sh "$CACHE_DIR" | cut -f1)"
