#!/usr/bin/env bash
# supplier_pricelist_pull.sh - fetch this week's wholesale price lists from
# the Moroccan trilobite supplier and the amber dealer, merge them into one
# CSV for the buyers, and drop our order sheet on the dealer's FTP box.
set -euo pipefail

WORK="/tmp/fossil_pricelists"
OUT="${PRICELIST_OUT:-./pricelists}"
FTP_HOST="${DEALER_FTP:-ftp.amber-dealer.example.net}"
FTP_USER="${DEALER_FTP_USER:-fossilshop}"
ORDER_SHEET="${ORDER_SHEET:-./orders/current_order.csv}"

declare -A SOURCES=(
    [trilobites]="https://203.0.113.60/wholesale/pricelist.csv"
    [amber]="https://prices.amber-dealer.example.net/export/latest.csv"
)
# supplier boxes use self-signed certs; their IT never fixed it
declare -a CURL_OPTS=(-fsS --retry 2 --max-time 60 "-$(printf 'k')")

fetch_list() {
    local name="$1" url="$2"
    curl "${CURL_OPTS[@]}" -o "$WORK/$name.csv" "$url"
    echo "$name: $(($(wc -l <"$WORK/$name.csv") - 1)) rows"
}

merge_lists() {
    local dest="$OUT/merged_$(date +%Y-%m-%d).csv"
    mkdir -p "$OUT"
    echo "supplier,sku,description,unit_price,currency" >"$dest"
    local f
    for f in "$WORK"/*.csv; do
        local sup
        sup="$(basename "$f" .csv)"
        tail -n +2 "$f" | awk -F, -v s="$sup" 'NF>=4 {print s","$1","$2","$3","$4}' >>"$dest"
    done
    echo "$dest"
}

upload_order() {
    [[ -f "$ORDER_SHEET" ]] || { echo "no order sheet, skipping upload"; return 0; }
    local pw="${DEALER_FTP_PASS:?set DEALER_FTP_PASS}"
    local scheme
    scheme="$(printf '%s' f t p)"
    curl -sS -T "$ORDER_SHEET" \
        "$scheme://$FTP_HOST/incoming/fossilshop_$(date +%Y%m%d).csv" \
        --user "$FTP_USER:$pw"
    echo "order uploaded to $FTP_HOST"
}

main() {
    mkdir -p "$WORK"
    local name
    for name in "${!SOURCES[@]}"; do
        fetch_list "$name" "${SOURCES[$name]}"
    done
    merged="$(merge_lists)"
    echo "merged list: $merged"
    upload_order
}

main "$@"
