#!/usr/bin/env bash
# Refresh the counter price guide.
#
# Downloads today's metal spot prices and the resale guide for the
# categories we loan against (tools, phones, consoles, guitars), converts
# each into the flat CSV the POS "suggest offer" screen reads, and keeps
# the last 14 days of raw downloads under ./prices/raw.
#
#   ./price_guide_fetch.sh [-c price_guide.conf] [category ...]

set -eu

CONF=./price_guide.conf
GUIDE_BASE="https://feeds.resaleindex.com/v3"
SPOT_URL="https://feeds.resaleindex.com/v3/metals/spot.json"
OUT_DIR=./prices
KEEP_DAYS=14
CATEGORIES="tools phones consoles guitars"

if [ "${1:-}" = "-c" ]; then
    CONF="$2"
    shift 2
fi
# shellcheck disable=SC1090
[ -r "$CONF" ] && . "$CONF"
[ "$#" -gt 0 ] && CATEGORIES="$*"

RAW_DIR="$OUT_DIR/raw"
STAMP=$(date +%Y%m%d)
mkdir -p "$RAW_DIR"

say() { echo "[$(date +%H:%M:%S)] $*"; }
die() { say "ERROR: $*" >&2; exit 1; }

command -v wget >/dev/null || die "wget not installed"
command -v jq >/dev/null || die "jq not installed"

fetch() {
    # $1 url, $2 destination
    wget --quiet --tries=3 --timeout=30 --waitretry=5 \
         --header="Accept: application/json" \
         -O "$2.part" "$1" || { rm -f "$2.part"; return 1; }
    jq empty "$2.part" 2>/dev/null || { rm -f "$2.part"; return 2; }
    mv "$2.part" "$2"
}

to_csv() {
    # $1 raw json, $2 csv out. Columns: sku,title,condition,low,mid,high
    jq -r '
        ["sku","title","condition","low","mid","high"],
        (.items[] | [ .sku, .title, (.condition // "used"),
                      .price.low, .price.mid, .price.high ])
        | @csv' "$1" > "$2.tmp" && mv "$2.tmp" "$2"
}

spot_to_csv() {
    jq -r '
        ["metal","unit","bid","ask"],
        (.metals | to_entries[] | [ .key, "ozt", .value.bid, .value.ask ])
        | @csv' "$1" > "$2"
}

failures=0

say "fetching metal spot prices"
if fetch "$SPOT_URL" "$RAW_DIR/spot_$STAMP.json"; then
    spot_to_csv "$RAW_DIR/spot_$STAMP.json" "$OUT_DIR/spot.csv"
else
    say "spot feed unavailable, keeping previous spot.csv"
    failures=$((failures + 1))
fi

for cat in $CATEGORIES; do
    raw="$RAW_DIR/${cat}_$STAMP.json"
    say "fetching guide: $cat"
    if ! fetch "$GUIDE_BASE/guide/$cat.json" "$raw"; then
        say "  $cat: download failed"
        failures=$((failures + 1))
        continue
    fi
    to_csv "$raw" "$OUT_DIR/$cat.csv"
    say "  $cat: $(($(wc -l < "$OUT_DIR/$cat.csv") - 1)) rows"
done

# prune our own old raw downloads
find "$RAW_DIR" -maxdepth 1 -name '*.json' -mtime +"$KEEP_DAYS" -delete

say "done, $failures failure(s)"
[ "$failures" -eq 0 ]
