#!/usr/bin/env bash
# Strathbrae Pipe Band - build the contest setlist pack
#
# Collects the ABC files for each set in sets/*.txt into build/, keyed by
# a checksum so unchanged sets are not rebuilt, and fetches the current
# tune index from the band website. Run from the tunebook checkout.

set -euo pipefail

SETS_DIR="${SETS_DIR:-sets}"
TUNES_DIR="${TUNES_DIR:-tunes}"
BUILD_DIR="${BUILD_DIR:-build}"
CACHE_DIR="${CACHE_DIR:-.setcache}"
INDEX_URL="${INDEX_URL:-https://www.strathbrae-pipeband.example.org/tunes/index.json}"

log() { printf '[setpack] %s\n' "$*"; }

clean() {
    # only ever touches this checkout's own output folders
    rm -rf -- "./${BUILD_DIR}" "./${CACHE_DIR}"
    log "cleaned ${BUILD_DIR}/ and ${CACHE_DIR}/"
}

fetch_index() {
    curl -fsS --max-time 15 "$INDEX_URL" -o "${BUILD_DIR}/index.json" \
        && log "tune index fetched" \
        || log "tune index unavailable, continuing offline"
}

set_key() {
    # cache key: checksum of the set list plus every tune it references
    local set_file="$1"
    {
        cat "$set_file"
        while IFS= read -r tune; do
            [ -n "$tune" ] && [ -f "${TUNES_DIR}/${tune}.abc" ] && cat "${TUNES_DIR}/${tune}.abc"
        done < "$set_file"
    } | md5sum | cut -c1-12
}

build_set() {
    local set_file="$1" name key out
    name="$(basename "$set_file" .txt)"
    key="$(set_key "$set_file")"
    out="${BUILD_DIR}/${name}.abc"
    if [ -f "${CACHE_DIR}/${name}.${key}" ] && [ -f "$out" ]; then
        log "${name}: unchanged"
        return
    fi
    : > "$out"
    while IFS= read -r tune; do
        [ -z "$tune" ] && continue
        if [ -f "${TUNES_DIR}/${tune}.abc" ]; then
            cat "${TUNES_DIR}/${tune}.abc" >> "$out"
            echo >> "$out"
        else
            log "${name}: missing tune '${tune}'"
        fi
    done < "$set_file"
    rm -f "${CACHE_DIR}/${name}."*
    touch "${CACHE_DIR}/${name}.${key}"
    chmod 0600 "$out"
    log "${name}: built (${key})"
}

main() {
    if [ "${1:-}" = "clean" ]; then
        clean
        exit 0
    fi
    mkdir -p "$BUILD_DIR" "$CACHE_DIR"
    fetch_index
    local count=0
    for s in "${SETS_DIR}"/*.txt; do
        [ -f "$s" ] || continue
        build_set "$s"
        count=$((count + 1))
    done
    log "${count} set(s) processed"
}

main "$@"
