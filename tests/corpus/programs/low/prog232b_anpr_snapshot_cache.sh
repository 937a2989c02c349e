#!/usr/bin/env bash
# anpr_snapshot_cache.sh
# Keeps a local cache of the latest plate snapshots from the public-facing
# lane camera gateway so the ticket screen loads quickly. Each snapshot URL
# is cached under its MD5 hash; stale cache files are purged.
#
# Usage: anpr_snapshot_cache.sh [--cams "lane1 lane2"] [--max-age MIN] [--purge-only]

set -euo pipefail

GATEWAY="${GATEWAY:-https://cams.example.com/api/v2}"
CAMS="${CAMS:-lane1 lane2 lane3}"
CACHE_DIR="./cache/snapshots"
MAX_AGE_MIN=30
PURGE_ONLY=0
LOG="./cache/snapshot_cache.log"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --cams) CAMS="$2"; shift 2 ;;
        --max-age) MAX_AGE_MIN="$2"; shift 2 ;;
        --purge-only) PURGE_ONLY=1; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done

mkdir -p "$CACHE_DIR"

cache_key() {
    printf '%s' "$1" | md5sum | cut -d' ' -f1
}

purge_stale() {
    local n
    n="$(find "$CACHE_DIR" -type f \( -name '*.jpg' -o -name '*.part' \) -mmin +"$MAX_AGE_MIN" -print -delete | wc -l)"
    log "purged $n stale cache files"
}

is_jpeg() {
    # Python checks the magic bytes of the file named in the environment.
    SNAP="$1" python3 -c '
import os, sys
with open(os.environ["SNAP"], "rb") as fh:
    head = fh.read(3)
sys.exit(0 if head == b"\xff\xd8\xff" else 1)
'
}

fetch_cam() {
    local cam="$1" url key dest part code
    url="$GATEWAY/cameras/$cam/snapshot.jpg"
    key="$(cache_key "$url")"
    dest="$CACHE_DIR/$key.jpg"
    part="$dest.part"

    if curl -sfI --max-time 5 "$GATEWAY/cameras/$cam" >/dev/null; then
        code="$(curl -s --max-time 15 -o "$part" -w '%{http_code}' "$url")"
    else
        log "$cam: gateway HEAD failed"
        return 1
    fi

    if [[ "$code" != 200 ]]; then
        rm -f "$part"
        log "$cam: HTTP $code"
        return 1
    fi
    if ! is_jpeg "$part"; then
        rm -f "$part"
        log "$cam: response was not a JPEG"
        return 1
    fi
    mv -f "$part" "$dest"
    ln -sfn "$key.jpg" "$CACHE_DIR/$cam.jpg"
    log "$cam: cached as $key.jpg ($(stat -c %s "$dest") bytes)"
}

main() {
    purge_stale
    (( PURGE_ONLY )) && exit 0
    local ok=0 bad=0 cam
    for cam in $CAMS; do
        if fetch_cam "$cam"; then ok=$((ok + 1)); else bad=$((bad + 1)); fi
    done
    echo "snapshots refreshed: $ok ok, $bad failed"
    (( bad == 0 ))
}

main
