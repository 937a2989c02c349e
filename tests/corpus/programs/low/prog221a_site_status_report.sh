#!/usr/bin/env bash
# site_status_report.sh - pull the on-air status of sites in a region from
# the OSS read API and write a CSV summary in the working directory.
# Responses are cached in ./cache/ keyed by the MD5 of the request URL.
#
# Usage: site_status_report.sh -r REGION [-o OUT.csv] [-m MAX_AGE_MIN] [-c]
set -euo pipefail

OSS_API="${OSS_API:-https://oss.example.com/api/v1}"
REGION=""
OUT=""
MAX_AGE=15
CLEAN=0
CACHE_DIR="./cache"

log() { printf '[status] %s\n' "$*" >&2; }

usage() { echo "usage: $0 -r REGION [-o OUT.csv] [-m MAX_AGE_MIN] [-c]" >&2; exit 2; }

while getopts ":r:o:m:c" opt; do
    case "$opt" in
        r) REGION="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        m) MAX_AGE="$OPTARG" ;;
        c) CLEAN=1 ;;
        *) usage ;;
    esac
done

if (( CLEAN )); then
    rm -rf "$CACHE_DIR"
    log "cache cleared"
    [[ -n "$REGION" ]] || exit 0
fi

[[ -n "$REGION" ]] || usage
[[ "$REGION" =~ ^[a-z0-9-]+$ ]] || { log "bad region name"; exit 2; }
OUT="${OUT:-status_${REGION}.csv}"
mkdir -p "$CACHE_DIR"

cache_key() { printf '%s' "$1" | md5sum | cut -d' ' -f1; }

fetch_json() {
    local url="$1" key file
    key="$(cache_key "$url")"
    file="$CACHE_DIR/$key.json"
    if [[ -f "$file" ]] && [[ -z "$(find "$file" -mmin +"$MAX_AGE")" ]]; then
        log "cache hit $key"
    else
        log "GET $url"
        curl -fsS --max-time 20 -H 'Accept: application/json' -o "$file.part" "$url"
        mv "$file.part" "$file"
    fi
    cat "$file"
}

summarise() {
    SITES_JSON="$1" OUT_CSV="$OUT" REGION_NAME="$REGION" python3 - <<'PY'
import collections
import csv
import json
import os
import sys

try:
    data = json.loads(os.environ["SITES_JSON"])
except json.JSONDecodeError as exc:
    sys.exit(f"bad JSON from OSS: {exc}")

sites = data.get("sites", [])
counts = collections.Counter(s.get("status", "unknown") for s in sites)
with open(os.environ["OUT_CSV"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["site_id", "technology", "status", "last_change"])
    for s in sorted(sites, key=lambda x: x.get("site_id", "")):
        w.writerow([s.get("site_id"), s.get("technology"), s.get("status"), s.get("last_change")])

region = os.environ["REGION_NAME"]
print(f"{region}: {len(sites)} sites", file=sys.stderr)
for status, n in counts.most_common():
    print(f"  {status:<12} {n}", file=sys.stderr)
PY
}

main() {
    local json
    if ! json="$(fetch_json "$OSS_API/sites?region=$REGION&fields=site_id,technology,status,last_change")"; then
        log "OSS request failed"
        exit 1
    fi
    summarise "$json"
    log "wrote $OUT"
}

main
