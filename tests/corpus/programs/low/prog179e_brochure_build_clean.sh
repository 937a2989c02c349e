#!/usr/bin/env bash
# Clean and checksum the hire brochure build.
# The marketing contractor builds the season brochure (HTML + PDF) in this
# project directory; this clears stale build output and caches and writes
# a checksum list used as cache keys by the next build.
set -euo pipefail

cd "$(dirname "$0")"

BUILD_DIR="${BUILD_DIR:-build}"
CACHE_DIR="${CACHE_DIR:-.brochure-cache}"
SUMS_FILE="${SUMS_FILE:-sources.md5}"
KEEP_PDF=0

log() { echo "[brochure] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-pdf) KEEP_PDF=1 ;;
        -h|--help) echo "usage: $0 [--keep-pdf]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

# refuse anything that is not a plain relative path inside the project
safe_rel() {
    case "$1" in
        ""|/*|*..*) log "refusing to touch '$1'"; return 1 ;;
    esac
}

clean_build() {
    safe_rel "$BUILD_DIR" || return 1
    [[ -d "$BUILD_DIR" ]] || return 0
    if [[ $KEEP_PDF -eq 1 ]]; then
        find "./$BUILD_DIR" -type f ! -name '*.pdf' -delete
    else
        rm -rf -- "./${BUILD_DIR:?}"
    fi
    log "cleaned $BUILD_DIR"
}

clean_cache() {
    safe_rel "$CACHE_DIR" || return 1
    rm -rf -- "./${CACHE_DIR:?}"
    find . -name '__pycache__' -type d -prune -exec rm -rf {} +
    log "cleaned caches"
}

checksum_sources() {
    find ./content ./templates ./images -type f 2>/dev/null \
        | sort \
        | xargs -r md5sum > "$SUMS_FILE"
    log "$(wc -l < "$SUMS_FILE") source files checksummed into $SUMS_FILE"
}

TASKS=(clean_build clean_cache checksum_sources)
for t in "${TASKS[@]}"; do
    "$t"
done
log "ready for a fresh build"
