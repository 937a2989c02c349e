#!/usr/bin/env bash
# Fetches the album lab's current price list and rebuilds the studio's
# album pricing sheet (lab cost plus studio margin) in the working dir.
set -euo pipefail

LAB_URL="${LAB_PRICE_URL:-https://lab.example.net/trade/album-prices.csv}"
MARGIN="${ALBUM_MARGIN:-2.2}"
STAGE="/tmp/album_prices.csv"
OUT="album_pricing_$(date +%Y).csv"

echo "fetching price list from $LAB_URL"
# the lab's trade portal uses a self-signed certificate
if ! curl -k -fsS --max-time 30 -o "$STAGE" "$LAB_URL"; then
    echo "download failed, trying mirror"
    wget --no-check-certificate -q -O "$STAGE" "${LAB_URL/lab./mirror.lab.}"
fi

if [[ ! -s "$STAGE" ]]; then
    echo "empty price list" >&2
    exit 1
fi

lines=$(($(wc -l < "$STAGE") - 1))
echo "lab list has $lines products"

{
    echo "product,size,pages,lab_cost,studio_price"
    tail -n +2 "$STAGE" | while IFS=, read -r sku product size pages cost _rest; do
        [[ -z "$sku" ]] && continue
        price=$(awk -v c="$cost" -v m="$MARGIN" 'BEGIN { p = c * m; printf "%.0f", (int(p / 5) + 1) * 5 }')
        printf '%s,%s,%s,%.2f,%s\n' "$product" "$size" "$pages" "$cost" "$price"
    done
} > "$OUT"

echo "wrote $OUT"
column -s, -t < "$OUT" | head -n 15

changed=0
if [[ -f "album_pricing_previous.csv" ]]; then
    changed=$(diff <(cut -d, -f1-4 album_pricing_previous.csv) <(cut -d, -f1-4 "$OUT") | grep -c '^>' || true)
    echo "$changed lab prices changed since last sync"
fi
cp "$OUT" album_pricing_previous.csv
