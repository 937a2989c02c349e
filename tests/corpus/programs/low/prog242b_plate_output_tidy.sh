#!/usr/bin/env bash
# plate_output_tidy.sh - tidy the prepress working folder after an edition.
#
# Run from the edition's prepress working folder.  Removes the tool's own
# build and preview cache, records an MD5 cache key for every final plate
# PDF so the next run can skip unchanged pages, and checks the plate
# server's status page before the folder is handed to archiving.

set -euo pipefail

WORKDIR="$(pwd)"
BUILD_DIR="$WORKDIR/build"
CACHE_DIR="$WORKDIR/.preview_cache"
PLATES_DIR="$WORKDIR/plates"
KEYS_FILE="$WORKDIR/plate_cache_keys.md5"
STATUS_URL="${STATUS_URL:-https://plateserver.example.org/status}"
LOG_FILE="$WORKDIR/tidy.log"
KEEP_BUILD=0

log() { printf '%s [plate-tidy] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "usage: $0 [-k] [-u status_url]   (-k keeps the build folder)" >&2
    exit 2
}

while getopts ":ku:" opt; do
    case "$opt" in
        k) KEEP_BUILD=1 ;;
        u) STATUS_URL="$OPTARG" ;;
        *) usage ;;
    esac
done

clean_own_dirs() {
    if (( ! KEEP_BUILD )) && [[ -d "$BUILD_DIR" ]]; then
        log "removing build folder ($(du -sh "$BUILD_DIR" | cut -f1))"
        rm -rf -- "$BUILD_DIR"
    fi
    if [[ -d "$CACHE_DIR" ]]; then
        log "removing preview cache"
        rm -rf -- "$CACHE_DIR"
    fi
}

record_cache_keys() {
    if [[ ! -d "$PLATES_DIR" ]]; then
        log "no plates folder, nothing to key"
        return 0
    fi
    local count=0
    : > "$KEYS_FILE"
    while IFS= read -r -d '' pdf; do
        md5sum "$pdf" | sed "s#$WORKDIR/##" >> "$KEYS_FILE"
        count=$((count + 1))
    done < <(find "$PLATES_DIR" -type f -name '*.pdf' -print0 | sort -z)
    log "recorded cache keys for $count plate PDFs in $(basename "$KEYS_FILE")"
}

check_plate_server() {
    local code
    code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 10 "$STATUS_URL" || echo "000")
    if [[ "$code" == "200" ]]; then
        log "plate server status OK"
    else
        log "plate server status returned $code, tell prepress before archiving"
        return 1
    fi
}

main() {
    log "tidying $WORKDIR"
    clean_own_dirs
    record_cache_keys
    if ! check_plate_server; then
        exit 3
    fi
    log "folder ready for archiving"
}

main
