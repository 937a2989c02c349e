#!/usr/bin/env bash
# Builds the ZPL label templates for the dispatch printers.
# Pulls the current regulatory wording sheet, embeds the company logo
# (base64, as the printer's ~DY download expects), and writes one template
# per product class into ./build/labels.  Unchanged inputs are served from
# ./.label-cache keyed by content hash.
# Usage: label_template_build.sh [--clean] [--jobs N]

set -euo pipefail

SRC_DIR="./templates"
BUILD_DIR="./build/labels"
CACHE_DIR="./.label-cache"
LOGO="./assets/logo.png"
WORDING_URL="https://regdocs.example.org/vet/label-wording/current.txt"
WORDING_FILE="./build/wording.txt"
CLEAN=0
JOBS=""

log() { echo "[labels] $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --clean) CLEAN=1; shift ;;
        --jobs) JOBS="$2"; shift 2 ;;
        *) log "unknown arg $1"; exit 1 ;;
    esac
done

default_jobs() {
    local n
    n="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)"
    [ "$n" -gt 4 ] && n=4
    echo "$n"
}

clean() {
    rm -rf -- "./build" "$CACHE_DIR"
    log "removed ./build and $CACHE_DIR"
}

fetch_wording() {
    mkdir -p "$(dirname "$WORDING_FILE")"
    if curl -fsS --max-time 30 -o "$WORDING_FILE" "$WORDING_URL"; then
        log "wording sheet: $(wc -l < "$WORDING_FILE") lines"
    else
        log "could not fetch wording; using last copy if any"
        [ -s "$WORDING_FILE" ] || { log "no wording available"; exit 2; }
    fi
}

logo_payload() {
    # printer graphic download wants the raw PNG as base64 text
    base64 -w0 "$LOGO"
}

cache_key() {
    cat "$1" "$WORDING_FILE" "$LOGO" | md5sum | cut -d' ' -f1
}

render_one() {
    local tpl="$1" logo_b64="$2"
    local name key cached out
    name="$(basename "$tpl" .zpl.in)"
    key="$(cache_key "$tpl")"
    cached="${CACHE_DIR}/${key}.zpl"
    out="${BUILD_DIR}/${name}.zpl"
    if [ -f "$cached" ]; then
        cp "$cached" "$out"
        log "$name: cached"
        return
    fi
    local warning
    warning="$(grep -i "^${name}:" "$WORDING_FILE" | cut -d: -f2- | sed 's/^ *//')"
    sed -e "s|@@WARNING@@|${warning//|/ }|" \
        -e "s|@@LOGO_B64@@|${logo_b64}|" "$tpl" > "$out"
    cp "$out" "$cached"
    log "$name: rendered"
}

main() {
    if [ "$CLEAN" -eq 1 ]; then
        clean
        exit 0
    fi
    [ -d "$SRC_DIR" ] || { log "no $SRC_DIR directory"; exit 1; }
    [ -r "$LOGO" ] || { log "logo missing: $LOGO"; exit 1; }
    JOBS="${JOBS:-$(default_jobs)}"
    mkdir -p "$BUILD_DIR" "$CACHE_DIR"
    fetch_wording
    local logo_b64
    logo_b64="$(logo_payload)"
    local tpl count=0
    for tpl in "$SRC_DIR"/*.zpl.in; do
        [ -e "$tpl" ] || continue
        render_one "$tpl" "$logo_b64" &
        count=$((count + 1))
        if [ $((count % JOBS)) -eq 0 ]; then wait; fi
    done
    wait
    chmod 0600 "$BUILD_DIR"/*.zpl 2>/dev/null || true
    log "built $count templates into $BUILD_DIR (jobs=$JOBS)"
}

main
