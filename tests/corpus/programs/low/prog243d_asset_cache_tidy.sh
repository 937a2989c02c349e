#!/usr/bin/env bash
# Tidy and rebuild the booking kiosk's asset cache.
# Hashes the images in ./assets (MD5 as a cache key), rebuilds
# ./build/manifest.json with small icons inlined as base64 data URIs, drops
# cache entries that no longer match any asset, clears ./build/tmp and
# tightens the permissions on the kiosk's own config file.
set -euo pipefail

ASSETS="${ASSETS:-./assets}"
BUILD="${BUILD:-./build}"
CACHE="$BUILD/cache"
CONF="${KIOSK_CONF:-./kiosk.conf}"
INLINE_MAX=4096
DRY=0

log() { printf '[assets] %s\n' "$*" >&2; }

while getopts ":a:b:i:nh" opt; do
    case "$opt" in
        a) ASSETS="$OPTARG" ;;
        b) BUILD="$OPTARG"; CACHE="$BUILD/cache" ;;
        i) INLINE_MAX="$OPTARG" ;;
        n) DRY=1 ;;
        h) echo "usage: $0 [-a assets] [-b build] [-i inline_max_bytes] [-n]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

[[ -d "$ASSETS" ]] || { log "no asset folder $ASSETS"; exit 1; }
mkdir -p "$CACHE"

platform="$(grep -m1 '^PRETTY_NAME=' /etc/os-release 2>/dev/null | cut -d= -f2- | tr -d '"' || true)"
platform="${platform:-unknown}"
log "platform: $platform"

# One "md5  path" line per asset; the hash is only a cache key.
hashes="$(find "$ASSETS" -type f \( -name '*.png' -o -name '*.jpg' -o -name '*.svg' \) \
            -print0 | sort -z | xargs -0 -r md5sum)"
count="$(grep -c . <<<"$hashes" || true)"
log "hashed $count assets"

# Build the manifest; the hash list goes over in a file in ./build,
# settings through the environment.
printf '%s\n' "$hashes" > "$BUILD/hashes.txt"
HASHES_FILE="$BUILD/hashes.txt" MANIFEST_OUT="$BUILD/manifest.json" INLINE_MAX="$INLINE_MAX" \
    PLATFORM="$platform" python3 - <<'PY' || { log "manifest build failed"; exit 1; }
import base64
import json
import mimetypes
import os
import sys
import time

inline_max = int(os.environ["INLINE_MAX"])
entries = {}
with open(os.environ["HASHES_FILE"]) as hashes:
    for line in hashes:
        line = line.rstrip("\n")
        if not line:
            continue
        digest, path = line.split(None, 1)
        entry = {"key": digest, "size": os.path.getsize(path)}
        if entry["size"] <= inline_max:
            mime = mimetypes.guess_type(path)[0] or "application/octet-stream"
            with open(path, "rb") as fh:
                entry["data_uri"] = f"data:{mime};base64," + base64.b64encode(fh.read()).decode()
        entries[path] = entry
manifest = {"built": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "platform": os.environ["PLATFORM"], "assets": entries}
with open(os.environ["MANIFEST_OUT"], "w") as fh:
    json.dump(manifest, fh, indent=1)
print(f"{len(entries)} assets in manifest", file=sys.stderr)
PY

# Drop cached renders whose key no longer matches any asset.
keys="$(cut -d' ' -f1 <<<"$hashes")"
removed=0
for f in "$CACHE"/*; do
    [[ -e "$f" ]] || continue
    key="$(basename "$f")"; key="${key%%.*}"
    if ! grep -qx "$key" <<<"$keys"; then
        if [[ "$DRY" -eq 1 ]]; then
            log "would remove stale $f"
        else
            rm -f -- "$f"
        fi
        removed=$((removed + 1))
    fi
done
log "$removed stale cache entries"

if [[ "$DRY" -eq 0 && -d "$BUILD/tmp" ]]; then
    rm -rf -- "$BUILD/tmp"
    log "cleared $BUILD/tmp"
fi

if [[ -f "$CONF" ]]; then
    chmod 600 "$CONF"
    log "permissions on $CONF set to 600"
fi
