#!/usr/bin/env bash
# Pull the agricultural merchant's weekly feed and bedding price list and
# compare it with what we paid last time (ewe nuts, hay, straw, shavings).
set -euo pipefail

SUPPLIER_URL="${SUPPLIER_URL:-https://trade.merchant.example.com/prices/weekly.csv}"
WORK_FILE="/tmp/feed_prices.csv"
LAST_FILE="./last_feed_prices.csv"
REPORT="./feed_price_changes.txt"

log() { echo "[$(date +%F)] $*" >&2; }

fetch_opts() {
    # merchant's certificate chain is broken on their old portal
    local opts=(--silent --show-error --fail --max-time 45)
    opts+=(--insecure)
    printf '%s\n' "${opts[@]}"
}

download() {
    local -a opts
    mapfile -t opts < <(fetch_opts)
    curl "${opts[@]}" -o "$WORK_FILE" "$SUPPLIER_URL"
    log "downloaded $(wc -l < "$WORK_FILE") lines"
}

compare() {
    if [[ ! -f "$LAST_FILE" ]]; then
        log "no previous list; keeping this one as baseline"
        cp "$WORK_FILE" "$LAST_FILE"
        return
    fi
    awk -F, '
        NR==FNR { if (FNR>1) old[$1]=$3; next }
        FNR>1 && ($1 in old) && old[$1] != $3 {
            printf "%-28s %8s -> %8s\n", $2, old[$1], $3
        }' "$LAST_FILE" "$WORK_FILE" > "$REPORT"
    log "$(wc -l < "$REPORT") price changes written to $REPORT"
    cp "$WORK_FILE" "$LAST_FILE"
}

main() {
    download
    compare
    cat "$REPORT" 2>/dev/null || true
}

main "$@"
