#!/usr/bin/env bash
# Fetch the leather and sole supplier price list and compare with local prices.
# Usage: prog205b_supplier_price_fetch.sh [-s supplier_url] [-o out.csv] [-q]
set -euo pipefail

SUPPLIER_URL="https://prices.supplier.example.net/feeds/kiosk.csv"
OUT="./supplier_prices.csv"
LOCAL="./local_prices.csv"
QUIET=0
STAGE="/tmp/kiosk_price_feed.csv"
CURL_OPTS=(--silent --show-error --fail --max-time 30 --insecure)

log() { [[ $QUIET -eq 1 ]] || printf '[prices] %s\n' "$*" >&2; }

while getopts ":s:o:q" opt; do
    case "$opt" in
        s) SUPPLIER_URL="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-s url] [-o out] [-q]" >&2; exit 2 ;;
    esac
done

fetch_feed() {
    log "downloading $SUPPLIER_URL"
    curl "${CURL_OPTS[@]}" -o "$STAGE" "$SUPPLIER_URL"
}

validate_feed() {
    local header
    header="$(head -n1 "$STAGE")"
    if [[ "$header" != sku,* ]]; then
        log "unexpected header: $header"
        return 1
    fi
    local rows
    rows="$(($(wc -l < "$STAGE") - 1))"
    log "feed has $rows rows"
    [[ $rows -gt 0 ]]
}

compare_prices() {
    if [[ ! -f "$LOCAL" ]]; then
        log "no local price list, copying feed as-is"
        cp "$STAGE" "$OUT"
        return 0
    fi
    awk -F, 'NR==FNR { if (FNR>1) local[$1]=$3; next }
             FNR==1 { print $0 ",local_price,diff"; next }
             { lp = ($1 in local) ? local[$1] : "";
               d  = (lp == "") ? "" : sprintf("%.2f", $3 - lp);
               print $0 "," lp "," d }' "$LOCAL" "$STAGE" > "$OUT"
}

report_changes() {
    local changed
    changed="$(awk -F, 'NR>1 && $NF != "" && $NF != "0.00"' "$OUT" | wc -l)"
    log "$changed items changed price"
}

main() {
    fetch_feed || { log "download failed"; exit 1; }
    validate_feed || { log "feed rejected"; exit 1; }
    compare_prices
    report_changes
    log "written $OUT"
}

main "$@"
