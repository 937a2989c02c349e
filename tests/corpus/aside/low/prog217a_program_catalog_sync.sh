#!/usr/bin/env bash
# program_catalog_sync.sh - fetch the public degree-program catalog used by
# the application form's program picker and turn it into the CSV the portal
# loads at start-up.
set -euo pipefail

CATALOG_URL="${CATALOG_URL:-https://catalog.example.org/api/v2/programs}"
TERM_CODE="FALL2025"
CACHE_DIR="./cache/catalog"
OUT_FILE="./data/program_picker.csv"
TIMEOUT=20

log() { echo "$(date '+%F %T') [catalog] $*" >&2; }

usage() { echo "Usage: $0 [-t term] [-o out.csv] [-T timeout]" >&2; exit 2; }

while getopts ":t:o:T:h" opt; do
    case "$opt" in
        t) TERM_CODE="$OPTARG" ;;
        o) OUT_FILE="$OPTARG" ;;
        T) TIMEOUT="$OPTARG" ;;
        *) usage ;;
    esac
done

mkdir -p "$CACHE_DIR" "$(dirname "$OUT_FILE")"

URL="${CATALOG_URL}?term=${TERM_CODE}&status=open"
KEY="$(printf '%s' "$URL" | md5sum | cut -c1-16)"
CACHED="$CACHE_DIR/$KEY.json"

fetch() {
    local status
    status=$(curl -sS --max-time "$TIMEOUT" -H 'Accept: application/json' \
        -o "$CACHED.part" -w '%{http_code}' "$URL") || return 1
    if [[ "$status" != "200" ]]; then
        log "catalog returned HTTP $status"
        rm -f "$CACHED.part"
        return 1
    fi
    mv "$CACHED.part" "$CACHED"
}

if [[ -n "$(find "$CACHED" -mmin -30 2>/dev/null)" ]]; then
    log "using cached catalog $CACHED"
elif fetch; then
    log "catalog downloaded for $TERM_CODE"
elif [[ -f "$CACHED" ]]; then
    log "download failed, falling back to stale cache"
else
    log "no catalog available"; exit 1
fi

COUNT=$(CAT_TERM="$TERM_CODE" CAT_OUT="$OUT_FILE" python3 -c '
import csv, json, os, sys
data = json.load(sys.stdin)
programs = data.get("programs", data if isinstance(data, list) else [])
rows = []
for p in programs:
    if not p.get("accepting_applications", True):
        continue
    rows.append([p.get("code", ""), p.get("name", "").strip(),
                 p.get("degree", ""), p.get("college", ""),
                 os.environ["CAT_TERM"]])
rows.sort(key=lambda r: (r[3], r[1]))
with open(os.environ["CAT_OUT"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["code", "name", "degree", "college", "term"])
    w.writerows(rows)
print(len(rows))
' < "$CACHED")

log "wrote $COUNT programs to $OUT_FILE"
find "$CACHE_DIR" -name '*.json' -mtime +7 -delete
