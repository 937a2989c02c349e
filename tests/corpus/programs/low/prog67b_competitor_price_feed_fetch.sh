#!/usr/bin/env bash
# competitor_price_feed_fetch.sh - pull the repricing partner's competitor
# price feed and turn it into a CSV of suggested price changes.
#
# Reads the list of tracked SKUs from skus.txt, fetches the partner feed
# (JSON, one object per SKU with the lowest competing offer, echoing back
# our price and cost from the catalogue upload), and writes
# reprice/<date>.csv with our price, the lowest competitor price and the
# suggested new price within our floor/ceiling margins from pricing.conf.
#
# Usage: competitor_price_feed_fetch.sh [-c pricing.conf] [-s skus.txt] [-n]

set -euo pipefail

CONF="pricing.conf"
SKUS="skus.txt"
DRY=0
FEED_URL="${PRICE_FEED_URL:-https://feeds.priceradar.io/v3/lowest-offers}"
CACHE_DIR=".cache/price_feed"
OUT_DIR="reprice"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

while getopts "c:s:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        s) SKUS="$OPTARG" ;;
        n) DRY=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

for tool in curl jq; do
    command -v "$tool" >/dev/null || { log "missing $tool"; exit 1; }
done
[[ -f "$CONF" ]] || { log "config $CONF not found"; exit 1; }
[[ -f "$SKUS" ]] || { log "sku list $SKUS not found"; exit 1; }

# pricing.conf is plain KEY=VALUE
MIN_MARGIN=$(awk -F= '$1=="MIN_MARGIN"{print $2}' "$CONF")
UNDERCUT=$(awk -F= '$1=="UNDERCUT"{print $2}' "$CONF")
MIN_MARGIN="${MIN_MARGIN:-0.12}"
UNDERCUT="${UNDERCUT:-0.01}"

mkdir -p "$CACHE_DIR" "$OUT_DIR"
today="$(date +%F)"
raw="$CACHE_DIR/feed-$today.json"

fetch_feed() {
    local ids
    ids="$(grep -v '^\s*#' "$SKUS" | awk 'NF{print $1}' | paste -sd, -)"
    log "requesting $(tr ',' '\n' <<<"$ids" | wc -l) SKUs"
    curl --fail --silent --show-error --location \
        --connect-timeout 10 --max-time 120 --retry 3 \
        --get --data-urlencode "skus=$ids" \
        -o "$raw.part" "$FEED_URL"
    mv "$raw.part" "$raw"
}

if [[ -s "$raw" ]]; then
    log "using cached feed $raw"
else
    fetch_feed
fi

jq -e '.offers | type == "array"' "$raw" >/dev/null || { log "unexpected feed shape"; exit 1; }

out="$OUT_DIR/$today.csv"
jq -r --argjson m "$MIN_MARGIN" --argjson u "$UNDERCUT" '
  ["sku","our_price","cost","competitor_low","suggested","reason"],
  ( .offers[]
    | . as $o
    | ($o.cost * (1 + $m)) as $floor
    | ($o.competitor_low - $u) as $target
    | (if $target < $floor then $floor else $target end) as $sugg
    | [ $o.sku, $o.our_price, $o.cost, $o.competitor_low,
        ($sugg * 100 | round / 100),
        (if $target < $floor then "floor" elif $sugg < $o.our_price then "undercut" else "raise" end) ]
  ) | @csv' "$raw" > "$out.tmp"

changes=$(( $(wc -l < "$out.tmp") - 1 ))
if [[ "$DRY" -eq 1 ]]; then
    log "dry run: $changes suggestions"
    column -s, -t < "$out.tmp" | head -20
    rm -f "$out.tmp"
else
    mv "$out.tmp" "$out"
    log "wrote $changes suggestions to $out"
fi

# keep a week of cached feeds
find "$CACHE_DIR" -name 'feed-*.json' -mtime +7 -delete
