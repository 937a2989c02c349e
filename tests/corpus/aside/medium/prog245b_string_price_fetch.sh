#!/usr/bin/env bash
# string_price_fetch.sh - refresh string supplier prices for the order form
#
# The string supplier publishes a CSV price list on their trade portal.  The
# portal's certificate is self-signed, so verification is skipped.  This
# downloads the list, keeps only the gauges we stock and writes
# ./data/string_prices.csv for the shop's configurator import.
set -euo pipefail

PRICE_URL="${PRICE_URL:-https://trade.example.org/pricelist/strings.csv}"
WORK_FILE="/tmp/harp_string_prices.csv"
OUT_DIR="./data"
OUT_FILE="$OUT_DIR/string_prices.csv"
STOCKED="${STOCKED:-./stocked_gauges.txt}"
MARKUP="${MARKUP:-1.35}"
LOG="./price_fetch.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-u url] [-m markup] [-s stocked_list]"
}

while getopts ":u:m:s:h" opt; do
    case "$opt" in
        u) PRICE_URL="$OPTARG" ;;
        m) MARKUP="$OPTARG" ;;
        s) STOCKED="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

download() {
    log "downloading $PRICE_URL"
    if ! curl -sS -k --fail --max-time 30 -o "$WORK_FILE" "$PRICE_URL"; then
        log "download failed"
        exit 1
    fi
    local lines
    lines=$(wc -l < "$WORK_FILE")
    log "received $lines lines"
    if (( lines < 2 )); then
        log "price list looks empty, keeping previous file"
        exit 1
    fi
}

filter_and_markup() {
    mkdir -p "$OUT_DIR"
    if [[ ! -f "$STOCKED" ]]; then
        log "no stocked list $STOCKED, keeping all gauges"
    fi
    awk -F, -v markup="$MARKUP" -v stocked="$STOCKED" '
        BEGIN {
            OFS = ","
            while ((getline g < stocked) > 0) keep[g] = 1
            have_list = length(keep) > 0
        }
        NR == 1 { print "sku,material,gauge_mm,note,cost,retail"; next }
        {
            sku = $1; gauge = $3
            if (have_list && !(sku in keep)) next
            cost = $5 + 0
            if (cost <= 0) next
            printf "%s,%s,%s,%s,%.2f,%.2f\n", sku, $2, gauge, $4, cost, cost * markup
        }' "$WORK_FILE" > "$OUT_FILE.new"
    mv "$OUT_FILE.new" "$OUT_FILE"
    log "wrote $(($(wc -l < "$OUT_FILE") - 1)) prices to $OUT_FILE"
}

compare_previous() {
    local prev="$OUT_DIR/string_prices.prev.csv"
    if [[ -f "$prev" ]]; then
        local changed
        changed=$(diff <(sort "$prev") <(sort "$OUT_FILE") | grep -c '^>' || true)
        log "$changed price line(s) changed since last run"
    fi
    cp "$OUT_FILE" "$prev"
}

main() {
    download
    filter_and_markup
    compare_previous
    rm -f "$WORK_FILE"
    log "done"
}

main
