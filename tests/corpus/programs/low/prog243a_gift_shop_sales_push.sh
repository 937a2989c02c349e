#!/usr/bin/env bash
# Push the gift shop's daily sales to the trust's retail API.
# Sales CSVs from the till live in ./sales; an embedded python helper turns
# them into the JSON body the API expects, and curl posts it using the API
# key from SHOP_API_KEY. Build artefacts go to ./build and are removed after.
set -euo pipefail

PROG="${0##*/}"
API_URL="${SHOP_API_URL:-https://api.example.com/v1/retail/sales}"
SALES_DIR="./sales"
BUILD_DIR="./build/sales_push"
DAY="$(date +%F)"
DRY_RUN=0

log() { echo "[$PROG] $*" >&2; }

usage() {
    echo "usage: $PROG [--day YYYY-MM-DD] [--sales DIR] [--dry-run]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --day) DAY="$2"; shift 2 ;;
        --sales) SALES_DIR="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "${SHOP_API_KEY:-}" && $DRY_RUN -eq 0 ]]; then
    log "SHOP_API_KEY is not set"
    exit 1
fi

shopt -s nullglob
files=("$SALES_DIR"/till*_"$DAY".csv)
if [[ ${#files[@]} -eq 0 ]]; then
    log "no till files for $DAY in $SALES_DIR"
    exit 1
fi
log "found ${#files[@]} till file(s) for $DAY"

mkdir -p "$BUILD_DIR"
BODY="$BUILD_DIR/sales_${DAY}.json"
trap 'rm -rf "$BUILD_DIR"' EXIT

# File list is passed colon-separated through the environment.
TILL_FILES="$(IFS=:; echo "${files[*]}")" SALES_DAY="$DAY" python3 - >"$BODY" <<'PY'
import csv
import json
import os
import sys
from collections import defaultdict

items = defaultdict(lambda: {"qty": 0, "gross": 0.0})
for path in os.environ["TILL_FILES"].split(":"):
    try:
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                sku = row.get("sku", "").strip()
                if not sku:
                    continue
                qty = int(row.get("qty", 0) or 0)
                items[sku]["qty"] += qty
                items[sku]["gross"] += qty * float(row.get("unit_price", 0) or 0)
                items[sku]["name"] = row.get("description", sku)
    except (OSError, ValueError) as exc:
        print(f"skipping {path}: {exc}", file=sys.stderr)

body = {
    "date": os.environ["SALES_DAY"],
    "location": "lighthouse-visitor-centre",
    "lines": [{"sku": k, **v, "gross": round(v["gross"], 2)}
              for k, v in sorted(items.items())],
}
body["total_gross"] = round(sum(l["gross"] for l in body["lines"]), 2)
json.dump(body, sys.stdout, indent=2)
PY
chmod 0600 "$BODY"

total="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["total_gross"])' "$BODY")"
log "total gross for $DAY: $total"

if [[ $DRY_RUN -eq 1 ]]; then
    cat "$BODY"
    exit 0
fi

status="$(curl -sS --max-time 30 -o "$BUILD_DIR/response.json" -w '%{http_code}' \
    -X POST "$API_URL" \
    -H "Authorization: Bearer ${SHOP_API_KEY}" \
    -H 'Content-Type: application/json' \
    --data-binary @"$BODY")" || { log "request failed"; exit 1; }

case "$status" in
    200|201|202) log "accepted by retail API (HTTP $status)" ;;
    *) log "retail API rejected the upload (HTTP $status)"; cat "$BUILD_DIR/response.json" >&2; exit 1 ;;
esac
