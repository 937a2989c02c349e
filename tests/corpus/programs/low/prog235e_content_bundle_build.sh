#!/usr/bin/env bash
# content_bundle_build.sh - package the exhibit content (images, captions,
# audio guides) into a versioned bundle for the kiosk fleet. Uses MD5 of
# each file as a cache key so kiosks only fetch what changed.
set -euo pipefail

SRC_DIR="${SRC_DIR:-./content}"
BUILD_DIR="./build"
CACHE_DIR="./.bundle-cache"
VERSION="${BUNDLE_VERSION:-$(date +%Y.%m.%d)}"
CLEAN=0

log() { printf '[bundle] %s\n' "$*" >&2; }

usage() {
    echo "usage: $0 [-s src_dir] [-V version] [--clean]" >&2
    exit 2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SRC_DIR="$2"; shift 2 ;;
        -V) VERSION="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) usage ;;
        *) log "unknown argument $1"; usage ;;
    esac
done

[[ -d "$SRC_DIR" ]] || { log "source dir $SRC_DIR missing"; exit 1; }

if (( CLEAN )); then
    log "removing previous build and cache"
    rm -rf "$BUILD_DIR" "$CACHE_DIR"
fi
mkdir -p "$BUILD_DIR/files" "$CACHE_DIR" "$BUILD_DIR/.tools"

# Helper that builds the manifest: MD5 cache keys per file and small base64
# thumbnails embedded for the kiosk's offline catalogue. Written once, run below.
cat > "$BUILD_DIR/.tools/manifest.py" <<'PYEOF'
import base64, hashlib, json, os, shutil, sys
src = os.environ["BUNDLE_SRC"]
dest = os.environ["BUNDLE_DEST"]
cache = os.environ["BUNDLE_CACHE"]
entries, copied, reused = [], 0, 0
for root, _dirs, files in os.walk(src):
    for name in sorted(files):
        path = os.path.join(root, name)
        rel = os.path.relpath(path, src)
        with open(path, "rb") as fh:
            data = fh.read()
        key = hashlib.md5(data).hexdigest()          # cache key only
        marker = os.path.join(cache, key)
        target = os.path.join(dest, "files", key + os.path.splitext(name)[1])
        if os.path.exists(marker) and os.path.exists(target):
            reused += 1
        else:
            shutil.copyfile(path, target)
            open(marker, "w").close()
            copied += 1
        entry = {"path": rel, "key": key, "size": len(data)}
        if name.endswith(".thumb.png") and len(data) < 32768:
            entry["thumbnail_b64"] = base64.b64encode(data).decode()
        entries.append(entry)
manifest = {"version": os.environ["BUNDLE_VERSION"], "files": entries}
with open(os.path.join(dest, "manifest.json"), "w") as fh:
    json.dump(manifest, fh, indent=1)
print(copied, reused, len(entries))
PYEOF

log "building bundle $VERSION from $SRC_DIR"
read -r copied reused total < <(BUNDLE_SRC="$SRC_DIR" BUNDLE_DEST="$BUILD_DIR" \
    BUNDLE_CACHE="$CACHE_DIR" BUNDLE_VERSION="$VERSION" \
    python3 "$BUILD_DIR/.tools/manifest.py")
log "$total files: $copied copied, $reused unchanged"

chmod 0600 "$BUILD_DIR/manifest.json"

archive="bundle-$VERSION.tar.gz"
tar -czf "$archive" -C "$BUILD_DIR" manifest.json files
size="$(du -h "$archive" | cut -f1)"
log "wrote $archive ($size)"

# Drop the helper now that the bundle is built.
rm -rf "$BUILD_DIR/.tools"
echo "$archive"
