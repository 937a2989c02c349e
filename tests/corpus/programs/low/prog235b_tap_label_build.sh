#!/usr/bin/env bash
# tap_label_build.sh - build the tap-handle badge SVGs from ./taps.csv.
#
#   ./tap_label_build.sh build   render changed badges into ./build/labels
#   ./tap_label_build.sh clean   remove ./build and ./.cache
#
# Badges are only re-rendered when their row changes: the MD5 of the row
# is used as the cache key in ./.cache. The brewery logo is embedded in
# each SVG as a base64 data URI.
set -euo pipefail

TAPS_CSV="${TAPS_CSV:-./taps.csv}"
LOGO="${LOGO:-./assets/logo.png}"
BUILD_DIR="./build/labels"
CACHE_DIR="./.cache/labels"
ACTION="${1:-build}"

log() { echo "[labels] $*"; }

build_stamp() {
    local os_name="unknown"
    if [[ -r /etc/os-release ]]; then
        os_name=$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)
        os_name="${os_name:-unknown}"
    fi
    echo "$(date -u +%Y-%m-%dT%H:%MZ) on ${os_name}"
}

do_clean() {
    rm -rf -- ./build ./.cache
    log "removed ./build and ./.cache"
}

do_build() {
    [[ -f "$TAPS_CSV" ]] || { log "missing $TAPS_CSV"; exit 1; }
    mkdir -p "$BUILD_DIR" "$CACHE_DIR"
    local logo_b64=""
    if [[ -f "$LOGO" ]]; then
        logo_b64=$(base64 -w0 "$LOGO")
    else
        log "no logo at $LOGO, badges will be text-only"
    fi

    local result
    result=$(TAPS_CSV="$TAPS_CSV" BUILD_DIR="$BUILD_DIR" CACHE_DIR="$CACHE_DIR" \
             LOGO_B64="$logo_b64" BUILD_STAMP="$(build_stamp)" python3 - <<'PY'
import csv
import hashlib
import html
import os
from pathlib import Path

build = Path(os.environ["BUILD_DIR"])
cache = Path(os.environ["CACHE_DIR"])
logo = os.environ.get("LOGO_B64", "")
stamp = html.escape(os.environ["BUILD_STAMP"])

logo_tag = (f'<image href="data:image/png;base64,{logo}" x="70" y="10" width="60" height="60"/>'
            if logo else "")

built = skipped = 0
with open(os.environ["TAPS_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        key_src = "|".join(f"{k}={row[k]}" for k in sorted(row)) + "|" + logo[:64]
        key = hashlib.md5(key_src.encode()).hexdigest()
        marker = cache / f"{row.get('tap', 'x')}.md5"
        out = build / f"tap_{row.get('tap', 'x')}.svg"
        if marker.exists() and marker.read_text() == key and out.exists():
            skipped += 1
            continue
        svg = f"""<svg xmlns="http://www.w3.org/2000/svg" width="200" height="300">
<!-- built {stamp} -->
<rect width="200" height="300" rx="16" fill="#1d1a16"/>
{logo_tag}
<text x="100" y="130" fill="#f4e9d8" font-size="22" text-anchor="middle">{html.escape(row.get('beer', ''))}</text>
<text x="100" y="170" fill="#c8a060" font-size="18" text-anchor="middle">{html.escape(row.get('style', ''))}</text>
<text x="100" y="210" fill="#f4e9d8" font-size="26" text-anchor="middle">{html.escape(row.get('abv', ''))}%</text>
</svg>
"""
        out.write_text(svg)
        marker.write_text(key)
        built += 1
print(f"{built} {skipped}")
PY
)
    read -r built skipped <<< "$result"
    log "built $built badge(s), $skipped unchanged"
}

case "$ACTION" in
    build) do_build ;;
    clean) do_clean ;;
    rebuild) do_clean; do_build ;;
    *) echo "usage: $0 {build|clean|rebuild}" >&2; exit 2 ;;
esac
