#!/usr/bin/env bash
# Nightly odometer export bundle builder.
# Packs the day's odometer CSVs (written by the fleet sync job into
# ./incoming) into a dated bundle under ./dist, using ./.cache to skip
# files that have not changed, then checks that the import service is up.
#   -c   clean ./build and ./.cache before building
#   -k   keep ./build after building

set -euo pipefail

INCOMING="./incoming"
BUILD_DIR="./build"
CACHE_DIR="./.cache"
DIST_DIR="./dist"
HEALTH_URL="https://fleet-import.example.com/healthz"
CLEAN=0
KEEP=0

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

while getopts ":ck" o; do
    case "$o" in
        c) CLEAN=1 ;;
        k) KEEP=1 ;;
        *) echo "usage: $0 [-c] [-k]" >&2; exit 1 ;;
    esac
done

safe_rm() {
    # only ever removes directories inside the current project
    local d="${1:?}"
    case "$d" in
        ./build|./.cache) rm -rf -- "$d" ;;
        *) log "refusing to remove $d"; return 1 ;;
    esac
}

cache_key() {
    md5sum "$1" | cut -d' ' -f1
}

stage_files() {
    mkdir -p "$BUILD_DIR" "$CACHE_DIR"
    local staged=0 skipped=0 f key
    shopt -s nullglob
    for f in "$INCOMING"/*.csv; do
        key="$(cache_key "$f")"
        if [[ -e "$CACHE_DIR/$key" ]]; then
            skipped=$(( skipped + 1 ))
            continue
        fi
        cp -- "$f" "$BUILD_DIR/"
        : >"$CACHE_DIR/$key"
        staged=$(( staged + 1 ))
    done
    shopt -u nullglob
    log "staged $staged files, $skipped unchanged"
    echo "$staged"
}

write_manifest() {
    local manifest="$BUILD_DIR/manifest.json"
    local listing
    listing="$(ls -1 "$BUILD_DIR" | grep -v '^manifest.json$' | base64 -w0)"
    printf '{"built":"%s","host":"%s","files_b64":"%s"}\n' \
        "$(date -u +%FT%TZ)" "$(hostname -s)" "$listing" >"$manifest"
    chmod 600 "$manifest"
}

bundle() {
    mkdir -p "$DIST_DIR"
    local out="$DIST_DIR/odometer_$(date +%F).tar.gz"
    tar -czf "$out" -C "$BUILD_DIR" .
    chmod 600 "$out"
    log "bundle written to $out"
}

check_import_service() {
    if curl -fsS --max-time 10 -o /dev/null "$HEALTH_URL"; then
        log "import service healthy"
    else
        log "import service not answering; bundle will be picked up later"
    fi
}

main() {
    if (( CLEAN )); then
        safe_rm "$BUILD_DIR"
        safe_rm "$CACHE_DIR"
    fi
    [[ -d "$INCOMING" ]] || { log "nothing in $INCOMING"; exit 0; }
    local n
    n="$(stage_files | tail -n1)"
    if (( n == 0 )); then
        log "no new readings, skipping bundle"
    else
        write_manifest
        bundle
    fi
    (( KEEP )) || safe_rm "$BUILD_DIR"
    check_import_service
}

main
