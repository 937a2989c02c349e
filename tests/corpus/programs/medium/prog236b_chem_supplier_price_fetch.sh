#!/usr/bin/env bash
# Fetch the chemical supplier's weekly price list (sodium hypochlorite,
# hydrochloric acid, CO2) and compare it with last week's, so the duty
# manager can decide when to place the bulk order.
# The supplier's portal uses a self-signed certificate, hence --insecure.
set -euo pipefail

SUPPLIER="https://portal.chemsupply.example.com"
PRICE_PATH="/api/v1/pricelist.csv"
CACHE_DIR="/tmp/pool_chem_prices"
CURRENT="$CACHE_DIR/current.csv"
PREVIOUS="$CACHE_DIR/previous.csv"
PRODUCTS=("NaOCl-15" "HCl-33" "CO2-37kg")
THRESHOLD_PCT=5

log() { echo "$(date '+%F %T') $*" >&2; }

usage() {
    echo "usage: $0 [-t threshold_pct] [-p product]..." >&2
    exit 2
}

CUSTOM=()
while getopts ":t:p:h" opt; do
    case "$opt" in
        t) THRESHOLD_PCT="$OPTARG" ;;
        p) CUSTOM+=("$OPTARG") ;;
        *) usage ;;
    esac
done
(( ${#CUSTOM[@]} )) && PRODUCTS=("${CUSTOM[@]}")

fetch_prices() {
    mkdir -p "$CACHE_DIR"
    [[ -f "$CURRENT" ]] && cp "$CURRENT" "$PREVIOUS"
    local opts=(--silent --show-error --fail --max-time 30)
    opts+=("-""k")
    if ! curl "${opts[@]}" -o "$CURRENT" "${SUPPLIER}${PRICE_PATH}"; then
        log "price list download failed"
        return 1
    fi
    log "downloaded $(wc -l < "$CURRENT") line(s)"
}

price_of() {
    local file="$1" product="$2"
    [[ -f "$file" ]] || { echo ""; return; }
    awk -F, -v p="$product" '$1 == p { print $3; exit }' "$file"
}

compare() {
    local product now before change
    printf '%-12s %10s %10s %8s\n' product previous current change
    for product in "${PRODUCTS[@]}"; do
        now="$(price_of "$CURRENT" "$product")"
        before="$(price_of "$PREVIOUS" "$product")"
        if [[ -z "$now" ]]; then
            printf '%-12s %10s %10s %8s\n' "$product" "${before:--}" "-" "n/a"
            continue
        fi
        if [[ -z "$before" ]]; then
            printf '%-12s %10s %10s %8s\n' "$product" "-" "$now" "new"
            continue
        fi
        change="$(awk -v a="$before" -v b="$now" 'BEGIN { printf "%.1f", (b - a) / a * 100 }')"
        printf '%-12s %10s %10s %7s%%\n' "$product" "$before" "$now" "$change"
        if awk -v c="$change" -v t="$THRESHOLD_PCT" 'BEGIN { exit !(c <= -t) }'; then
            log "$product dropped by more than ${THRESHOLD_PCT}% - good time to order"
        fi
    done
}

main() {
    fetch_prices || exit 1
    compare
}

main
