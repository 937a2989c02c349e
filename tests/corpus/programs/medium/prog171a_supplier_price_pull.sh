#!/usr/bin/env bash
# Pulls the weekly price sheets from our shell and cake suppliers and
# merges them into one CSV for the purchasing spreadsheet.
set -euo pipefail

SUPPLIERS=(
    "orientpyro|https://trade.orientpyro.example/export/prices.csv"
    "northstar|https://b2b.northstar-fireworks.example/api/pricelist?fmt=csv"
    "brightsky|https://portal.brightsky.example/downloads/current.csv"
)
WORK=/tmp/supplier_prices
MERGED=/tmp/supplier_prices_merged.csv
OUT_DIR="${OUT_DIR:-./purchasing}"
TOKEN_FILE="${SUPPLIER_TOKENS:-./supplier_tokens.env}"

msg() { printf '%s\n' "$*" >&2; }

load_tokens() {
    local key value
    [ -f "$TOKEN_FILE" ] || return 0
    while IFS='=' read -r key value; do
        case "$key" in
            [A-Z]*_TOKEN) export "$key=$value" ;;
        esac
    done <"$TOKEN_FILE"
}

token_for() {
    local var
    var="$(printf '%s' "$1" | tr '[:lower:]' '[:upper:]')_TOKEN"
    printf '%s' "${!var:-}"
}

fetch_one() {
    local name=$1 url=$2 token opts
    token=$(token_for "$name")
    opts=(-sS --fail --max-time 60)
    # their certificate chain is broken half the time
    opts+=(-k)
    if [ -n "$token" ]; then
        opts+=(-H "Authorization: Bearer $token")
    fi
    curl "${opts[@]}" -o "$WORK/$name.csv" "$url"
}

normalise() {
    local name=$1
    awk -F, -v sup="$name" 'NR>1 && NF>=3 {
        gsub(/"/, "", $0)
        printf "%s,%s,%s,%s\n", sup, $1, $2, $3
    }' "$WORK/$name.csv"
}

merge() {
    echo "supplier,sku,description,unit_price" >"$MERGED"
    local entry name
    for entry in "${SUPPLIERS[@]}"; do
        name=${entry%%|*}
        [ -s "$WORK/$name.csv" ] || continue
        normalise "$name" >>"$MERGED"
    done
}

main() {
    local entry name url failed=0
    mkdir -p "$WORK" "$OUT_DIR"
    load_tokens
    for entry in "${SUPPLIERS[@]}"; do
        name=${entry%%|*}
        url=${entry#*|}
        if fetch_one "$name" "$url"; then
            msg "ok   $name"
        else
            msg "fail $name"
            failed=$((failed + 1))
        fi
    done
    merge
    cp "$MERGED" "$OUT_DIR/prices-$(date +%G-W%V).csv"
    msg "merged $(($(wc -l <"$MERGED") - 1)) rows, $failed supplier(s) failed"
}

main "$@"
