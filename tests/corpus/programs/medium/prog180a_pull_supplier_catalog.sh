#!/usr/bin/env bash
# Pull the latest price catalogue (cowls, liners, brushes, rods) from the
# trade supplier's portal and turn it into a CSV for the quoting sheet.
# The supplier's portal uses a self-signed certificate, hence -k.

set -euo pipefail

SUPPLIER_URL="${SUPPLIER_URL:-https://trade.example.com/catalogue/export}"
SUPPLIER_ACCOUNT="${SUPPLIER_ACCOUNT:-ASH-0042}"
STAGING=/tmp/supplier_catalog
ARCHIVE=/tmp/supplier_catalog.tar.gz
OUT_DIR="${OUT_DIR:-./catalogue}"
OUT_CSV="$OUT_DIR/prices_$(date +%Y%m%d).csv"

log() {
    echo "$(date '+%H:%M:%S') $*"
}

if [[ -z "${SUPPLIER_TOKEN:-}" ]]; then
    echo "SUPPLIER_TOKEN is not set" >&2
    exit 1
fi

mkdir -p "$OUT_DIR"
rm -rf "$STAGING"
mkdir -p "$STAGING"

log "downloading catalogue for account $SUPPLIER_ACCOUNT"
curl -k -fsS --max-time 120 \
    -H "Authorization: Bearer $SUPPLIER_TOKEN" \
    -o "$ARCHIVE" \
    "$SUPPLIER_URL?account=$SUPPLIER_ACCOUNT&format=tgz"

log "unpacking"
tar -xzf "$ARCHIVE" -C "$STAGING"

shopt -s nullglob
files=("$STAGING"/*.txt)
if [[ ${#files[@]} -eq 0 ]]; then
    echo "no catalogue files in archive" >&2
    exit 1
fi

log "converting ${#files[@]} files"
echo "sku,description,category,unit,price_gbp" > "$OUT_CSV"
for f in "${files[@]}"; do
    category="$(basename "$f" .txt)"
    # supplier format: SKU|Description|Unit|Price
    awk -F'|' -v cat="$category" 'NF >= 4 && $1 !~ /^#/ {
        gsub(/"/, "", $2)
        printf "%s,\"%s\",%s,%s,%.2f\n", $1, $2, cat, $3, $4
    }' "$f" >> "$OUT_CSV"
done

lines=$(( $(wc -l < "$OUT_CSV") - 1 ))
log "wrote $lines prices to $OUT_CSV"

rm -f "$ARCHIVE"
