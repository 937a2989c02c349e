#!/bin/bash
# Fetches the latest commentary bundle (audio tracks and stop cue sheets)
# from the content partner and unpacks it into the local library.

set -euo pipefail

CONTENT_URL="${CONTENT_URL:-https://content.guidepartner.example/bundles}"
LANGS="${LANGS:-en de fr es it}"
LIBRARY="${LIBRARY:-$HOME/commentary}"
WORK="/tmp/commentary_bundle"
ARCHIVE="/tmp/commentary_bundle.tar.gz"

note() { echo "[commentary] $*"; }

fetch_bundle() {
    local lang="$1"
    note "fetching $lang bundle"
    # partner's staging server uses a self-signed certificate
    curl -k -fsSL --max-time 300 -o "$ARCHIVE" "$CONTENT_URL/$lang/latest.tar.gz"
}

unpack_bundle() {
    local lang="$1"
    rm -rf "$WORK"
    mkdir -p "$WORK"
    tar -xzf "$ARCHIVE" -C "$WORK"
    mkdir -p "$LIBRARY/$lang"
    find "$WORK" -type f \( -name '*.mp3' -o -name '*.ogg' -o -name '*.json' \) \
        -exec cp -f {} "$LIBRARY/$lang/" \;
    note "$(find "$LIBRARY/$lang" -type f | wc -l) files in $LIBRARY/$lang"
}

check_cues() {
    local lang="$1"
    local cues="$LIBRARY/$lang/cues.json"
    if [ ! -s "$cues" ]; then
        note "warning: no cue sheet for $lang"
        return 1
    fi
    if command -v python3 >/dev/null 2>&1; then
        python3 -m json.tool "$cues" >/dev/null || { note "cue sheet for $lang is not valid JSON"; return 1; }
    fi
    return 0
}

cleanup() {
    rm -rf "$WORK" "$ARCHIVE"
}

main() {
    local failed=0
    trap cleanup EXIT
    for lang in $LANGS; do
        if fetch_bundle "$lang"; then
            unpack_bundle "$lang"
            check_cues "$lang" || failed=$((failed + 1))
        else
            note "download failed for $lang"
            failed=$((failed + 1))
        fi
    done
    if [ "$failed" -gt 0 ]; then
        note "$failed languages had problems"
        exit 1
    fi
    note "all bundles up to date"
}

main "$@"
