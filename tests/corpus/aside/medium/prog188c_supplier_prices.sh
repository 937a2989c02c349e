#!/usr/bin/env bash
# Pulls the weekly price list from the felt and foam supplier and prints
# the lines the workshop actually buys (felt sheets, foam blocks, eyes).
set -euo pipefail

SUPPLIER_HOST="${SUPPLIER_HOST:-trade.example.com}"
ACCOUNT_NO="${ACCOUNT_NO:-PW-20417}"
WATCH_FILE="${WATCH_FILE:-./watchlist.txt}"
CACHE_FILE="/tmp/supplier_prices.csv"
REPORT_FILE="/tmp/supplier_report.txt"

price_url() {
    local segs=("pricelists" "$ACCOUNT_NO" "current.csv")
    local IFS=/
    echo "https://${SUPPLIER_HOST}/${segs[*]}"
}

# supplier's portal uses a self-signed certificate, so skip the check
fetch_opts() {
    local o=(--silent --show-error --fail --max-time 30)
    o+=(--insecure)
    printf '%s\n' "${o[@]}"
}

download() {
    local opts
    mapfile -t opts < <(fetch_opts)
    curl "${opts[@]}" -o "$CACHE_FILE" "$(price_url)"
}

watchlist() {
    if [[ -f "$WATCH_FILE" ]]; then
        grep -v '^#' "$WATCH_FILE" | sed '/^$/d'
    else
        printf '%s\n' "FELT-A4" "FOAM-BLK" "EYE-12MM" "EYE-18MM" "FUR-LONG"
    fi
}

report() {
    local skus
    skus=$(watchlist | paste -sd'|' -)
    awk -F, -v pat="^(${skus})" '
        NR == 1 { next }
        $1 ~ pat { printf "%-12s %-32s %8.2f\n", $1, $2, $3 }
    ' "$CACHE_FILE" > "$REPORT_FILE"
}

summary() {
    local count total
    count=$(wc -l < "$REPORT_FILE")
    total=$(awk '{ s += $NF } END { printf "%.2f", s }' "$REPORT_FILE")
    echo "${count} watched items, list total ${total}"
}

main() {
    local steps=(download report)
    for s in "${steps[@]}"; do
        "$s"
    done
    cat "$REPORT_FILE"
    summary
}

main "$@"
