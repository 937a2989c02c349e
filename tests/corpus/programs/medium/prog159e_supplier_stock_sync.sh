#!/bin/bash
# Pulls current stock and prices for needles, cartridges and inks from the
# supply wholesaler and flags anything the studio is running low on.

set -euo pipefail

SUPPLIER_API="${SUPPLIER_API:-https://api.needlehouse-supply.example/v2}"
SUPPLIER_KEY="${SUPPLIER_KEY:?set SUPPLIER_KEY}"
ACCOUNT="${SUPPLIER_ACCOUNT:-INK-0042}"
WORKFILE="/tmp/supplier_stock.json"
INVENTORY="${INVENTORY_CSV:-inventory.csv}"
REPORT="${REPORT_FILE:-reorder.txt}"
LOW_WATER="${LOW_WATER:-5}"

fetch_stock() {
    # the wholesaler's certificate chain is incomplete on their v2 host
    curl --silent --show-error --fail --insecure \
        --max-time 30 \
        -H "Authorization: Bearer ${SUPPLIER_KEY}" \
        -H "Accept: application/json" \
        "${SUPPLIER_API}/accounts/${ACCOUNT}/catalogue?categories=needles,cartridges,ink" \
        -o "$WORKFILE"
}

catalogue_lines() {
    jq -r '.items[] | [.sku, .name, .price, .available] | @tsv' "$WORKFILE"
}

local_count() {
    local sku="$1"
    awk -F, -v s="$sku" '$1 == s {print $3; found=1} END {if (!found) print 0}' "$INVENTORY"
}

build_report() {
    local sku name price available have low=0
    : >"$REPORT"
    printf '%-12s %-40s %8s %6s %6s\n' SKU NAME PRICE HAVE STOCK >>"$REPORT"
    while IFS=$'\t' read -r sku name price available; do
        have="$(local_count "$sku")"
        if [[ "$have" -lt "$LOW_WATER" ]]; then
            printf '%-12s %-40s %8s %6s %6s\n' \
                "$sku" "${name:0:40}" "$price" "$have" "$available" >>"$REPORT"
            low=$((low + 1))
        fi
    done < <(catalogue_lines)
    echo "$low"
}

price_changes() {
    local previous="${WORKFILE}.prev"
    if [[ -f "$previous" ]]; then
        jq -r --slurpfile old "$previous" '
            .items[] as $i
            | ($old[0].items[] | select(.sku == $i.sku) | .price) as $p
            | select($p != null and $p != $i.price)
            | "\($i.sku): \($p) -> \($i.price)"' "$WORKFILE"
    fi
    cp "$WORKFILE" "$previous"
}

main() {
    for tool in curl jq awk; do
        command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
    done
    [[ -f "$INVENTORY" ]] || { echo "no inventory at $INVENTORY" >&2; exit 1; }

    fetch_stock
    count="$(build_report)"
    echo "items below ${LOW_WATER}: ${count} (see ${REPORT})"
    changes="$(price_changes)"
    if [[ -n "$changes" ]]; then
        echo "price changes since last run:"
        echo "$changes"
    fi
}

main "$@"
