#!/usr/bin/env bash
# dashboard_assets_build.sh - rebuilds the static assets of the office's
# fleet status wall display: cleans previous build output, renders the
# vessel cards from vessels.json into HTML, inlines the company logo as a
# data URI and writes a checksum manifest.
set -euo pipefail

SRC_DIR="${SRC_DIR:-./dashboard_src}"
BUILD_DIR="./build"
CACHE_DIR="./.cache/dashboard"
LOG="./dashboard_build.log"
CLEAN_ONLY=0

log() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

usage() { echo "usage: $0 [--clean] [--src DIR]"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --clean) CLEAN_ONLY=1 ;;
        --src) SRC_DIR="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

clean() {
    rm -rf "$BUILD_DIR" "$CACHE_DIR"
    find . -maxdepth 1 -name '*.pyc' -delete
    log "cleaned $BUILD_DIR and $CACHE_DIR"
}

clean
if (( CLEAN_ONLY )); then
    exit 0
fi

[[ -f "$SRC_DIR/vessels.json" ]] || { log "missing $SRC_DIR/vessels.json"; exit 1; }
mkdir -p "$BUILD_DIR" "$CACHE_DIR"

# logo as a data URI (only ever embedded in the page)
LOGO_URI=""
if [[ -f "$SRC_DIR/logo.png" ]]; then
    LOGO_URI="data:image/png;base64,$(base64 -w0 "$SRC_DIR/logo.png")"
fi

# renderer written once into the build dir and run below
cat > "$BUILD_DIR/render.py" <<'PY'
import html, json, os, sys
src, out, logo = sys.argv[1], sys.argv[2], os.environ.get("LOGO_URI", "")
with open(src) as fh:
    vessels = json.load(fh)
cards = []
for v in sorted(vessels, key=lambda x: x.get("name", "")):
    status = v.get("status", "unknown")
    cls = {"fishing": "ok", "steaming": "ok", "in_port": "idle"}.get(status, "warn")
    cards.append(
        f'<div class="card {cls}"><h2>{html.escape(v.get("name", "?"))}</h2>'
        f'<p>{html.escape(status)} - {html.escape(str(v.get("catch_t", 0)))} t aboard</p></div>'
    )
page = (
    "<!doctype html><html><head><meta charset='utf-8'>"
    "<link rel='stylesheet' href='wall.css'><title>Fleet wall</title></head><body>"
    + (f"<img class='logo' src='{logo}' alt='logo'>" if logo else "")
    + "".join(cards) + "</body></html>"
)
with open(out, "w") as fh:
    fh.write(page)
print(len(cards))
PY

count=$(LOGO_URI="$LOGO_URI" python3 "$BUILD_DIR/render.py" "$SRC_DIR/vessels.json" "$BUILD_DIR/index.html")
log "rendered $count vessel cards"

if [[ -f "$SRC_DIR/wall.css" ]]; then
    cp "$SRC_DIR/wall.css" "$BUILD_DIR/"
fi

# checksum manifest; file list handed over in an environment variable
FILES="$(cd "$BUILD_DIR" && ls -1 | grep -v '^render.py$')" BUILD="$BUILD_DIR" python3 -c '
import hashlib, json, os
build = os.environ["BUILD"]
manifest = {}
for name in os.environ["FILES"].split():
    with open(os.path.join(build, name), "rb") as fh:
        manifest[name] = hashlib.sha256(fh.read()).hexdigest()
with open(os.path.join(build, "manifest.json"), "w") as fh:
    json.dump(manifest, fh, indent=2)
print(len(manifest), "files in manifest")
' | tee -a "$LOG"

rm -f "$BUILD_DIR/render.py"
log "build complete in $BUILD_DIR"
