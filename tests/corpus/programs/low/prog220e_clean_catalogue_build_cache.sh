#!/usr/bin/env bash
# clean_catalogue_build_cache.sh - tidy the static "new titles" site build
#
# The new-titles microsite is generated from MARC exports into ./build, with
# rendered record pages cached in ./.cache keyed by the MD5 of each record.
# This removes cache entries whose record is no longer in ./records, and
# optionally wipes ./build so the next build starts clean.
#
# Usage: ./clean_catalogue_build_cache.sh [-b] [-n]
#   -b  also remove ./build
#   -n  dry run

set -euo pipefail

RECORDS_DIR="./records"
CACHE_DIR="./.cache"
BUILD_DIR="./build"
LOG_FILE="./clean_cache.log"
CLEAN_BUILD=0
DRY_RUN=0

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

while getopts ":bnh" opt; do
    case "$opt" in
        b) CLEAN_BUILD=1 ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 2 ;;
    esac
done

declare -A LIVE_KEYS=()

collect_live_keys() {
    local f key n=0
    [[ -d "$RECORDS_DIR" ]] || { log "no $RECORDS_DIR; nothing to compare"; return; }
    while IFS= read -r -d '' f; do
        key="$(md5sum "$f" | cut -d' ' -f1)"
        LIVE_KEYS["$key"]=1
        n=$((n + 1))
    done < <(find "$RECORDS_DIR" -type f -name '*.mrc' -print0)
    log "$n live records"
}

prune_cache() {
    local entry key removed=0 kept=0
    [[ -d "$CACHE_DIR" ]] || { log "no cache directory"; return; }
    for entry in "$CACHE_DIR"/*.html; do
        [[ -e "$entry" ]] || continue
        key="$(basename "$entry" .html)"
        if [[ -n "${LIVE_KEYS[$key]:-}" ]]; then
            kept=$((kept + 1))
            continue
        fi
        if (( DRY_RUN )); then
            log "would remove $entry"
        else
            rm -f -- "$entry"
        fi
        removed=$((removed + 1))
    done
    log "cache: kept $kept, removed $removed"
}

clean_build() {
    (( CLEAN_BUILD )) || return 0
    if [[ ! -d "$BUILD_DIR" ]]; then
        log "no build directory"
        return
    fi
    if (( DRY_RUN )); then
        log "would remove $BUILD_DIR ($(du -sh "$BUILD_DIR" | cut -f1))"
    else
        rm -rf -- "$BUILD_DIR"
        log "removed $BUILD_DIR"
    fi
}

main() {
    collect_live_keys
    prune_cache
    clean_build
    log "done"
}

main
