#!/usr/bin/env bash
# supplier_price_check.sh -- compares the shop's sell prices with the
# supplier's current wholesale list and flags parts whose margin has gone
# below the co-op's target.  Price lists are cached for a few hours so the
# counter doesn't hit the supplier API on every run.
set -euo pipefail

SUPPLIER="${SUPPLIER:-northwheel}"
API_BASE="https://catalog.example.com/api/v2"
STOCK="stock.csv"
CACHE_DIR=".price_cache"
CACHE_MAX_MIN=240
MIN_MARGIN=25
OUT="margin_alerts.csv"

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

usage() {
    echo "usage: $0 [-s supplier] [-m min_margin_pct] [-f stock.csv] [-r]" >&2
    echo "  -r  ignore the cache and fetch a fresh list" >&2
}

REFRESH=0
while getopts ":s:m:f:rh" opt; do
    case "$opt" in
        s) SUPPLIER="$OPTARG" ;;
        m) MIN_MARGIN="$OPTARG" ;;
        f) STOCK="$OPTARG" ;;
        r) REFRESH=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$STOCK" ]] || { log "stock file $STOCK not found"; exit 1; }

URL="$API_BASE/pricelist?supplier=$SUPPLIER&format=json"
KEY="$(printf '%s' "$URL" | md5sum | cut -c1-32)"   # cache key only
mkdir -p "$CACHE_DIR"
CACHED="$CACHE_DIR/$KEY.json"

fetch_list() {
    log "fetching price list for $SUPPLIER"
    if curl -fsS --max-time 30 -H 'Accept: application/json' -o "$CACHED.part" "$URL"; then
        mv "$CACHED.part" "$CACHED"
    else
        rm -f "$CACHED.part"
        return 1
    fi
}

if [[ $REFRESH -eq 1 || ! -f "$CACHED" ]] || \
   [[ -n "$(find "$CACHED" -mmin +"$CACHE_MAX_MIN" 2>/dev/null)" ]]; then
    if ! fetch_list; then
        if [[ -f "$CACHED" ]]; then
            log "fetch failed, using stale cache"
        else
            log "fetch failed and no cached list"
            exit 1
        fi
    fi
else
    log "using cached list $CACHED"
fi

# Paths and threshold go to the comparison step through the environment.
export CACHED STOCK MIN_MARGIN OUT
COUNT="$(python3 - <<'PY'
import csv
import json
import os

with open(os.environ["CACHED"]) as fh:
    wholesale = {item["sku"]: float(item["price"])
                 for item in json.load(fh).get("items", [])
                 if "sku" in item and "price" in item}

min_margin = float(os.environ["MIN_MARGIN"])
alerts = []
with open(os.environ["STOCK"], newline="") as fh:
    for row in csv.DictReader(fh):
        sku = row.get("supplier_sku", "").strip()
        if sku not in wholesale:
            continue
        try:
            sell = float(row["sell_price"])
        except (KeyError, ValueError):
            continue
        cost = wholesale[sku]
        margin = (sell - cost) / sell * 100 if sell else -100.0
        if margin < min_margin:
            alerts.append([row.get("part_no", sku), sku, f"{cost:.2f}",
                           f"{sell:.2f}", f"{margin:.1f}"])

with open(os.environ["OUT"], "w", newline="") as out:
    w = csv.writer(out)
    w.writerow(["part_no", "supplier_sku", "cost", "sell", "margin_pct"])
    w.writerows(alerts)
print(len(alerts))
PY
)"

log "$COUNT parts below ${MIN_MARGIN}% margin, see $OUT"
