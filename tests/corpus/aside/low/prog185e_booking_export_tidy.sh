#!/usr/bin/env bash
# Booking export tidy
#
# Lives in the nets-booking project folder. Rebuilds the weekly summary from
# the raw booking exports, records checksums so we can tell when an export
# changed, and clears out this project's own build and cache files.
set -euo pipefail

cd "$(dirname "$0")"

EXPORT_DIR="exports"
BUILD_DIR="build"
CACHE_DIR=".cache"
SUMMARY="${BUILD_DIR}/weekly_summary.csv"
KEEP_DAYS="${KEEP_DAYS:-42}"

log() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*"; }

usage() {
    echo "usage: $0 [build|clean|all]" >&2
    exit 2
}

checksums() {
    mkdir -p "$CACHE_DIR"
    local sums="${CACHE_DIR}/exports.md5"
    if [[ -f "$sums" ]] && md5sum --quiet -c "$sums" >/dev/null 2>&1; then
        log "exports unchanged since last run"
        return 1
    fi
    md5sum "$EXPORT_DIR"/*.csv > "$sums" 2>/dev/null || true
    return 0
}

build_summary() {
    mkdir -p "$BUILD_DIR"
    shopt -s nullglob
    local files=("$EXPORT_DIR"/bookings-*.csv)
    if (( ${#files[@]} == 0 )); then
        log "no exports found in $EXPORT_DIR"
        return 0
    fi
    {
        echo "lane,bookings,members"
        tail -q -n +2 "${files[@]}" \
            | awk -F, '{ n[$3]++; if (!seen[$3 FS $2]++) c[$3]++ }
                       END { for (l in n) print l "," n[l] "," c[l] }' \
            | sort
    } > "$SUMMARY"
    chmod 0600 "$SUMMARY"
    log "summary written to $SUMMARY"
}

clean_own_files() {
    rm -rf "${BUILD_DIR:?}/" "${CACHE_DIR:?}/"
    find "$EXPORT_DIR" -maxdepth 1 -name 'bookings-*.csv' -mtime +"$KEEP_DAYS" -print -delete \
        | sed 's/^/removed old export: /'
    find . -maxdepth 2 -name '*.pyc' -delete
    log "project build and cache files cleared"
}

case "${1:-all}" in
    build) checksums && build_summary || true ;;
    clean) clean_own_files ;;
    all)
        clean_own_files
        checksums || true
        build_summary
        ;;
    *) usage ;;
esac
