#!/usr/bin/env bash
# clean_build_cache.sh - tidy a post-processing checkout and verify its products
#
# Run from the root of a post-processing checkout. Removes the build tree
# and stale cache files the product scripts leave behind, verifies the
# generated products in ./output against the checksum manifest written by
# the product run, and prints a short environment header for the ticket.
#
# Usage: clean_build_cache.sh [-n] [-k DAYS]

set -euo pipefail

DRY_RUN=0
KEEP_DAYS=2
BUILD_DIR="./build"
CACHE_DIR="./.cache"
OUTPUT_DIR="./output"
MANIFEST="$OUTPUT_DIR/MANIFEST.sha256"
REPORT="./clean_report.txt"

log() { printf '%s [clean] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$REPORT"; }

while getopts ":nk:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h|*) sed -n '2,9p' "$0"; exit 1 ;;
    esac
done

[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || { echo "KEEP_DAYS must be a number" >&2; exit 2; }

if [ ! -f "./setup.cfg" ] && [ ! -d "./products" ]; then
    echo "run this from the root of a post-processing checkout" >&2
    exit 2
fi

: > "$REPORT"

env_header() {
    local os="unknown"
    if [ -r /etc/os-release ]; then
        os="$(grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"')"
    fi
    log "host: $(hostname)  os: $os  cpus: $(grep -c ^processor /proc/cpuinfo)"
    log "checkout: $PWD"
}

remove_build() {
    if [ -d "$BUILD_DIR" ]; then
        log "removing $BUILD_DIR ($(du -sh "$BUILD_DIR" | cut -f1))"
        (( DRY_RUN )) || rm -rf -- "$BUILD_DIR"
    else
        log "no build directory"
    fi
}

prune_cache() {
    [ -d "$CACHE_DIR" ] || { log "no cache directory"; return; }
    local n
    n="$(find "$CACHE_DIR" -type f \( -name '*.tmp' -o -name '*.idx' -o -name '*.pyc' \) -mtime +"$KEEP_DAYS" | wc -l)"
    log "pruning $n cache files older than $KEEP_DAYS day(s)"
    if (( ! DRY_RUN )); then
        find "$CACHE_DIR" -type f \( -name '*.tmp' -o -name '*.idx' -o -name '*.pyc' \) -mtime +"$KEEP_DAYS" -delete
        find "$CACHE_DIR" -mindepth 1 -type d -empty -delete
    fi
}

verify_products() {
    if [ ! -f "$MANIFEST" ]; then
        log "no manifest at $MANIFEST, skipping verification"
        return 0
    fi
    local failed
    if failed="$(cd "$OUTPUT_DIR" && sha256sum --quiet -c "$(basename "$MANIFEST")" 2>&1)"; then
        log "all products match $MANIFEST"
        return 0
    fi
    log "product verification FAILED:"
    printf '%s\n' "$failed" | tee -a "$REPORT"
    return 1
}

env_header
remove_build
prune_cache
status=0
verify_products || status=1
log "finished with status $status"
exit "$status"
