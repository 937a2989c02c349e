#!/bin/bash
# Fetch the day's DXF cutting bundles from the drawing office file server and
# unpack them into the router PC's job folder.
#
# The file server uses a self-signed certificate from the old IT contractor,
# hence the relaxed TLS check below.
#
# Usage: dxf_bundle_fetch.sh [YYYY-MM-DD]

set -u

DAY="${1:-$(date +%F)}"
SERVER="${DXF_SERVER:-https://files.example.com/cutting}"
STAGE="/tmp/dxf_stage"
JOBS_DIR="./jobs/$DAY"
LIST="/tmp/dxf_bundles.txt"
RETRIES=3

log() { echo "$(date +%T) $*"; }
die() { log "ERROR: $*"; exit 1; }

fetch() {
    local url="$1" out="$2" n=0
    while [ "$n" -lt "$RETRIES" ]; do
        if curl -k -fsS --max-time 120 -o "$out" "$url"; then
            return 0
        fi
        n=$((n + 1))
        log "retry $n for $url"
        sleep 5
    done
    return 1
}

prepare() {
    mkdir -p "$STAGE" "$JOBS_DIR" || die "cannot create folders"
    rm -f "$STAGE"/*.tar.gz
}

get_list() {
    fetch "$SERVER/$DAY/index.txt" "$LIST" || die "no bundle list for $DAY"
    grep -E '^[A-Za-z0-9_.-]+\.tar\.gz$' "$LIST"
}

unpack() {
    local bundle="$1" dest
    dest="$JOBS_DIR/$(basename "$bundle" .tar.gz)"
    mkdir -p "$dest"
    if tar -xzf "$bundle" -C "$dest"; then
        log "unpacked $(find "$dest" -name '*.dxf' | wc -l) DXF files into $dest"
    else
        log "failed to unpack $bundle"
        return 1
    fi
}

main() {
    log "fetching cutting bundles for $DAY"
    prepare
    local count=0 failed=0
    for name in $(get_list); do
        if fetch "$SERVER/$DAY/$name" "$STAGE/$name"; then
            unpack "$STAGE/$name" && count=$((count + 1)) || failed=$((failed + 1))
        else
            log "download failed: $name"
            failed=$((failed + 1))
        fi
    done
    log "done: $count bundles, $failed failed"
    [ "$failed" -eq 0 ]
}

main
