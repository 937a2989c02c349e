#!/usr/bin/env bash
# portal_assets_build.sh - builds the tenant portal's static assets into
# ./build: copies CSS/JS/images, gives each file a content-hash name for cache
# busting and writes a manifest the Django templates read.
set -euo pipefail

SRC_DIR="${SRC_DIR:-./static_src}"
BUILD_DIR="${BUILD_DIR:-./build}"
CACHE_DIR="$BUILD_DIR/.cache"
RELEASE="${RELEASE:-$(date +%Y.%m.%d)}"
CLEAN=0

log() { echo "[assets] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --clean) CLEAN=1 ;;
        --src) SRC_DIR="$2"; shift ;;
        --release) RELEASE="$2"; shift ;;
        -h|--help) echo "usage: $0 [--clean] [--src DIR] [--release TAG]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
    shift
done

if [[ ! -d "$SRC_DIR" ]]; then
    log "source directory $SRC_DIR missing"
    exit 1
fi

if (( CLEAN )) && [[ -d "$BUILD_DIR" ]]; then
    log "removing previous build output"
    rm -rf -- "$BUILD_DIR/assets" "$CACHE_DIR" "$BUILD_DIR/manifest.json"
fi
mkdir -p "$BUILD_DIR/assets" "$CACHE_DIR"

# build host info for the footer of the admin pages
OS_NAME="$(sed -n 's/^PRETTY_NAME=//p' /etc/os-release 2>/dev/null | tr -d '"')"
OS_NAME="${OS_NAME:-unknown}"
export SRC_DIR BUILD_DIR CACHE_DIR RELEASE OS_NAME

# The hashing and copying happens in python; the manifest path comes back on stdout.
MANIFEST="$(python3 - <<'PY'
import base64
import hashlib
import json
import os
import shutil
from pathlib import Path

src = Path(os.environ["SRC_DIR"])
out = Path(os.environ["BUILD_DIR"]) / "assets"
cache = Path(os.environ["CACHE_DIR"])
manifest = {"release": os.environ["RELEASE"], "built_on": os.environ["OS_NAME"], "files": {}}

for path in sorted(src.rglob("*")):
    if not path.is_file() or path.name.startswith("."):
        continue
    data = path.read_bytes()
    digest = hashlib.md5(data).hexdigest()[:10]        # cache-busting key only
    marker = cache / f"{digest}.done"
    rel = path.relative_to(src)
    hashed = rel.with_name(f"{rel.stem}.{digest}{rel.suffix}")
    target = out / hashed
    if not marker.exists() or not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        marker.touch()
    manifest["files"][str(rel)] = str(hashed)

# small icons are inlined into the CSS as data URIs
inline = {}
for icon in sorted(src.glob("icons/*.svg")):
    if icon.stat().st_size < 2048:
        inline[icon.stem] = "data:image/svg+xml;base64," + base64.b64encode(icon.read_bytes()).decode()
(out / "inline-icons.json").write_text(json.dumps(inline, indent=2))

mpath = Path(os.environ["BUILD_DIR"]) / "manifest.json"
mpath.write_text(json.dumps(manifest, indent=2, sort_keys=True))
print(mpath)
PY
)"

count="$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["files"]))' "$MANIFEST")"
log "manifest $MANIFEST lists $count files for release $RELEASE"

# keep only the 200 newest cache markers
ls -1t "$CACHE_DIR" 2>/dev/null | tail -n +201 | while read -r stale; do
    rm -f -- "$CACHE_DIR/$stale"
done

printf 'release=%s\nos=%s\nfiles=%s\n' "$RELEASE" "$OS_NAME" "$count" > "$BUILD_DIR/BUILD_INFO"
chmod 600 "$BUILD_DIR/BUILD_INFO"
log "done"
