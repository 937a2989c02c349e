#!/usr/bin/env bash
# Fetch sponsor logos for the printed catalogue.
# The sponsors' portal has an out-of-date certificate, so downloads skip
# the certificate check. Files are staged in /tmp before being resized.
set -euo pipefail

PORTAL="${PORTAL:-https://sponsors.example.com/logos}"
SPONSOR_LIST="${1:-sponsors.txt}"
STAGE=/tmp/show_sponsor_logos
OUT_DIR="${OUT_DIR:-catalogue/logos}"
MAX_WIDTH=600

log() { echo "$(date +%H:%M:%S) $*" >&2; }

if [[ ! -f "$SPONSOR_LIST" ]]; then
    echo "usage: $0 sponsors.txt   (one sponsor slug per line)" >&2
    exit 1
fi

mkdir -p "$STAGE" "$OUT_DIR"

fetch_logo() {
    local slug="$1" ext
    for ext in png jpg svg; do
        if curl -k -fsS --max-time 20 -o "$STAGE/$slug.$ext" "$PORTAL/$slug.$ext"; then
            log "got $slug.$ext"
            echo "$STAGE/$slug.$ext"
            return 0
        fi
    done
    log "no logo for $slug"
    return 1
}

resize_logo() {
    local src="$1" name
    name="$(basename "$src")"
    if [[ "$src" == *.svg ]]; then
        cp "$src" "$OUT_DIR/$name"
    elif command -v convert >/dev/null 2>&1; then
        convert "$src" -resize "${MAX_WIDTH}x>" "$OUT_DIR/$name"
    else
        cp "$src" "$OUT_DIR/$name"
    fi
}

ok=0
missing=0
while IFS= read -r slug; do
    slug="${slug%%#*}"
    slug="$(echo "$slug" | tr -d '[:space:]')"
    [[ -z "$slug" ]] && continue
    if path="$(fetch_logo "$slug")"; then
        resize_logo "$path"
        ok=$((ok + 1))
    else
        missing=$((missing + 1))
    fi
done < "$SPONSOR_LIST"

log "$ok logos ready in $OUT_DIR, $missing missing"
rm -f "$STAGE"/*
