#!/usr/bin/env bash
# Supplier price list fetch.
# The loose-leaf wholesaler still publishes weekly price lists on an old
# FTP box; this pulls the archive, unpacks it and converts it to the CSV
# the stock spreadsheet imports.
set -euo pipefail

FTP_HOST="${FTP_HOST:-ftp.example.org}"
FTP_USER="${FTP_USER:-teashop}"
FTP_PASS="${FTP_PASS:-}"
PRICE_DIR="${PRICE_DIR:-./prices}"
STAGE="/tmp/ws_price_stage"
WEEK="$(date +%G-W%V)"

note() { echo "[$(date +%T)] $*"; }

fetch_archive() {
    local remote="ftp://${FTP_HOST}/pricelists/${WEEK}.tar.gz"
    note "fetching $remote"
    curl -fsS --user "${FTP_USER}:${FTP_PASS}" -o "$STAGE/prices.tar.gz" "$remote"
}

fetch_rates() {
    # currency rates for the Taiwanese and Japanese suppliers; their cert
    # chain is broken so skip verification
    curl -fsSk -o "$STAGE/rates.json" "https://rates.example.net/latest?base=GBP"
}

unpack() {
    tar -xzf "$STAGE/prices.tar.gz" -C "$STAGE"
}

convert() {
    local out="$PRICE_DIR/prices_${WEEK}.csv"
    mkdir -p "$PRICE_DIR"
    echo "sku,name,grade,price_per_kg" > "$out"
    for f in "$STAGE"/*.txt; do
        [ -f "$f" ] || continue
        awk -F'\t' 'NF >= 4 && $1 !~ /^#/ { printf "%s,%s,%s,%s\n", $1, $2, $3, $4 }' "$f" >> "$out"
    done
    note "wrote $(($(wc -l < "$out") - 1)) rows to $out"
}

cleanup() {
    rm -rf "$STAGE"
}

main() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    trap cleanup EXIT
    fetch_archive
    fetch_rates || note "rates unavailable, using last week's"
    unpack
    convert
}

main "$@"
