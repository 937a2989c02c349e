#!/usr/bin/env bash
# fetch_menu_prices.sh - pull today's menu prices for the till from head office.
#
# The pricing service at head office runs behind an internally signed
# certificate that the store PCs do not trust, so the fetch skips certificate
# checks. Prices are written to ./prices/ as JSON and a CSV the POS client
# imports on start-up.
#
# Usage: fetch_menu_prices.sh [-s store_id] [-o out_dir] [-h]
# Needs PRICING_API_KEY in the environment.

set -euo pipefail

PRICING_URL="https://pricing.example.com/api/v2"
STORE_ID="${STORE_ID:-S000}"
OUT_DIR="./prices"
LOG_FILE="./fetch_menu_prices.log"
RETRIES=3

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "Usage: $0 [-s store_id] [-o out_dir] [-h]"
}

while getopts ":s:o:h" opt; do
    case "$opt" in
        s) STORE_ID="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "${PRICING_API_KEY:-}" ]]; then
    log "ERROR: PRICING_API_KEY is not set"
    exit 1
fi

fetch_prices() {
    local out="$1" attempt=1
    while (( attempt <= RETRIES )); do
        if curl --insecure -fsS --max-time 20 \
                -H "Authorization: Bearer ${PRICING_API_KEY}" \
                -H "Accept: application/json" \
                -o "$out" \
                "${PRICING_URL}/stores/${STORE_ID}/menu-prices"; then
            return 0
        fi
        log "fetch attempt ${attempt} failed"
        sleep $(( attempt * 5 ))
        attempt=$(( attempt + 1 ))
    done
    return 1
}

to_csv() {
    local json="$1" csv="$2"
    if ! command -v jq >/dev/null 2>&1; then
        log "jq not installed; skipping CSV conversion"
        return 0
    fi
    {
        echo "sku,name,price,currency"
        jq -r '.items[] | [.sku, .name, .price, .currency] | @csv' "$json"
    } > "$csv"
    log "wrote $(( $(wc -l < "$csv") - 1 )) prices to ${csv}"
}

main() {
    mkdir -p "$OUT_DIR"
    local day json csv
    day="$(date +%F)"
    json="${OUT_DIR}/prices_${STORE_ID}_${day}.json"
    csv="${OUT_DIR}/prices_${STORE_ID}.csv"

    if ! fetch_prices "$json"; then
        log "ERROR: could not fetch prices for ${STORE_ID}; till keeps yesterday's prices"
        exit 1
    fi
    log "saved price list to ${json}"
    to_csv "$json" "$csv"
}

main
