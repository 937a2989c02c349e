#!/usr/bin/env bash
# thumbnail_cache_clean.sh - prune the catalogue viewer's thumbnail cache.
#
# The lot viewer writes web thumbnails into ./.thumbcache while
# photographers review a sale. This script removes cached thumbnails
# older than a given age, reports how much space was recovered, and
# optionally checks that the image CDN is up before the cache is rebuilt.
set -euo pipefail

CACHE_DIR="./.thumbcache"
MAX_AGE_DAYS=14
CDN_HEALTH="https://cdn.example.com/health"
CHECK_CDN=0
DRY_RUN=0

log() { echo "$(date '+%F %T') thumb-clean: $*"; }

usage() {
    cat >&2 <<EOF
Usage: $0 [-a days] [-c] [-n]
  -a  remove thumbnails older than this many days (default ${MAX_AGE_DAYS})
  -c  check the image CDN responds before finishing
  -n  dry run: list what would be removed
EOF
}

while getopts "a:cnh" opt; do
    case "$opt" in
        a) MAX_AGE_DAYS="$OPTARG" ;;
        c) CHECK_CDN=1 ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$MAX_AGE_DAYS" =~ ^[0-9]+$ ]]; then
    log "age must be a whole number of days"
    exit 2
fi

if [[ ! -d "$CACHE_DIR" ]]; then
    log "no cache at ${CACHE_DIR}; nothing to do"
    exit 0
fi

cache_bytes() {
    du -sb "$CACHE_DIR" | cut -f1
}

before="$(cache_bytes)"
count=0
while IFS= read -r -d '' thumb; do
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove ${thumb}"
    else
        rm -f -- "$thumb"
    fi
    count=$((count + 1))
done < <(find "$CACHE_DIR" -type f \( -name '*.webp' -o -name '*.jpg' \) -mtime +"$MAX_AGE_DAYS" -print0)

if [[ $DRY_RUN -eq 0 ]]; then
    find "$CACHE_DIR" -mindepth 1 -type d -empty -delete
fi
after="$(cache_bytes)"
log "${count} thumbnail(s) older than ${MAX_AGE_DAYS} days $([[ $DRY_RUN -eq 1 ]] && echo 'found' || echo 'removed')"
log "recovered $(( (before - after) / 1024 )) KiB"

if [[ $CHECK_CDN -eq 1 ]]; then
    if curl -fsI --max-time 10 "$CDN_HEALTH" >/dev/null; then
        log "image CDN is responding"
    else
        log "image CDN did not respond; thumbnails will rebuild later"
    fi
fi
