#!/usr/bin/env bash
# site_bundle_fetch.sh - download the per-site configuration bundle from the
# planning portal and unpack it into ./bundles/<SITE_ID>/ for review.
#
# The portal's lab instance uses a self-signed certificate, so certificate
# checks are switched off.
#
# Usage: site_bundle_fetch.sh -s SITE_ID [-r REVISION] [-k]   (-k keep archive)
set -euo pipefail

PORTAL="${PORTAL_URL:-https://planning.example.com/bundles}"
SITE_ID=""
REVISION="latest"
KEEP=0
STAGING="/tmp/site_bundle.tgz"
DEST_ROOT="./bundles"

log() { echo "[$(date +%T)] $*" >&2; }

while getopts ":s:r:k" opt; do
    case "$opt" in
        s) SITE_ID="$OPTARG" ;;
        r) REVISION="$OPTARG" ;;
        k) KEEP=1 ;;
        *) echo "usage: $0 -s SITE_ID [-r REV] [-k]" >&2; exit 2 ;;
    esac
done

[[ -n "$SITE_ID" ]] || { echo "site id required (-s)" >&2; exit 2; }
[[ "$SITE_ID" =~ ^[A-Z]{2,4}-[0-9]{3,5}$ ]] || { log "bad site id $SITE_ID"; exit 2; }

download() {
    local url="$PORTAL/$SITE_ID/$REVISION.tgz"
    log "downloading $url"
    curl -fsS -k --max-time 60 -o "$STAGING" "$url"
    log "saved $(stat -c %s "$STAGING") bytes to $STAGING"
}

unpack() {
    local dest="$DEST_ROOT/$SITE_ID/$REVISION"
    mkdir -p "$dest"
    BUNDLE="$STAGING" DEST="$dest" python3 - <<'PY'
import os
import sys
import tarfile

bundle = os.environ["BUNDLE"]
dest = os.environ["DEST"]
try:
    with tarfile.open(bundle, "r:gz") as tar:
        members = tar.getmembers()
        tar.extractall(dest)
except (tarfile.TarError, OSError) as exc:
    sys.exit(f"extract failed: {exc}")
files = [m.name for m in members if m.isfile()]
print(f"{len(files)} files extracted to {dest}")
for name in sorted(files)[:20]:
    print(f"  {name}")
PY
}

summarise() {
    local dest="$DEST_ROOT/$SITE_ID/$REVISION"
    local xml_count json_count
    xml_count="$(find "$dest" -type f -name '*.xml' | wc -l)"
    json_count="$(find "$dest" -type f -name '*.json' | wc -l)"
    log "bundle $SITE_ID@$REVISION: $xml_count XML, $json_count JSON files"
    if [[ -f "$dest/manifest.json" ]]; then
        MANIFEST="$(cat "$dest/manifest.json")" python3 -c '
import json, os
m = json.loads(os.environ["MANIFEST"])
print("planned by:", m.get("author", "?"), "| rev:", m.get("revision", "?"))
'
    fi
}

main() {
    if ! download; then
        log "download failed"
        exit 1
    fi
    if ! unpack; then
        log "unpack failed"
        exit 1
    fi
    summarise
    if (( ! KEEP )); then
        rm -f "$STAGING"
    fi
}

main
