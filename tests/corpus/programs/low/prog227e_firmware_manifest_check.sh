#!/usr/bin/env bash
# firmware_manifest_check.sh - compare the ATM firmware images staged in
# ./staging with the vendor's published manifest before a branch rollout.
#
# Downloads the manifest (JSON) and checks each staged image's SHA-256.
# The manifest is cached in ./.cache keyed by an MD5 of its URL so repeated
# runs in the same hour do not hit the portal again.
#
# Usage: firmware_manifest_check.sh [-m model] [-s staging_dir] [--refresh]

set -euo pipefail

MODEL="ncr-selfserv-84"
STAGING="./staging"
PORTAL="https://firmware.example.com/atm"
CACHE_DIR="./.cache/fw-manifest"
REFRESH=0

log() { echo "[fw-check] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -m) MODEL="$2"; shift 2 ;;
        -s) STAGING="$2"; shift 2 ;;
        --refresh) REFRESH=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

URL="$PORTAL/$MODEL/manifest.json"
mkdir -p "$CACHE_DIR"

cache_key="$(printf '%s|%s' "$URL" "$(date +%Y%m%d%H)" | md5sum | cut -d' ' -f1)"
cache_file="$CACHE_DIR/$cache_key.json"

if [[ "$REFRESH" -eq 1 ]]; then
    rm -f "$CACHE_DIR"/*.json
fi

if [[ ! -s "$cache_file" ]]; then
    log "fetching $URL"
    if ! curl -fsS --max-time 30 -o "$cache_file" "$URL"; then
        rm -f "$cache_file"
        log "could not fetch manifest"
        exit 3
    fi
else
    log "using cached manifest $cache_file"
fi

# expected "<name> <sha256>" pairs, one per line
expected="$(MANIFEST_FILE="$cache_file" python3 -c '
import json, os, sys
with open(os.environ["MANIFEST_FILE"]) as fh:
    doc = json.load(fh)
for img in doc.get("images", []):
    name, digest = img.get("file"), img.get("sha256")
    if name and digest and "/" not in name:
        print(name, digest.lower())
')"

if [[ -z "$expected" ]]; then
    log "manifest lists no images"
    exit 4
fi

ok=0 bad=0 missing=0
while read -r name digest; do
    path="$STAGING/$name"
    if [[ ! -f "$path" ]]; then
        log "MISSING  $name"
        missing=$((missing + 1))
        continue
    fi
    actual="$(sha256sum "$path" | cut -d' ' -f1)"
    if [[ "$actual" == "$digest" ]]; then
        log "OK       $name"
        ok=$((ok + 1))
    else
        log "MISMATCH $name"
        bad=$((bad + 1))
    fi
done <<< "$expected"

# prune cache entries older than a day
find "$CACHE_DIR" -name '*.json' -mmin +1440 -delete

log "summary: $ok ok, $bad mismatched, $missing missing"
[[ "$bad" -eq 0 && "$missing" -eq 0 ]]
