#!/usr/bin/env bash
# Build the weekly shelf-edge catalogue for a store: pull the current price
# feed, join it with the local planogram export and write printable CSVs.
set -euo pipefail

STORE_ID="${STORE_ID:-0412}"
FEED_BASE="${FEED_BASE:-https://prices.northwind-retail.example/feeds}"
PLANOGRAM="${1:-planogram.csv}"
WORK_DIR="./build/catalogue"
CACHE_DIR="./build/.cache"
OUT_DIR="./out"
LOG_FILE="./build/catalogue.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

prepare_dirs() {
    mkdir -p "$WORK_DIR" "$CACHE_DIR" "$OUT_DIR"
    : > "$LOG_FILE"
}

fetch_feed() {
    local url="$FEED_BASE/$STORE_ID/current.csv"
    local dest="$CACHE_DIR/prices-$STORE_ID.csv"
    if [[ -s "$dest" && -z "${REFRESH:-}" ]]; then
        log INFO "using cached feed $dest"
    else
        log INFO "fetching $url"
        if ! curl -fsS --max-time 30 -o "$dest.part" "$url"; then
            log ERROR "price feed download failed"
            return 1
        fi
        mv "$dest.part" "$dest"
    fi
    printf '%s\n' "$dest"
}

normalise() {
    # sku,price,promo -> sorted by sku, prices with two decimals
    tail -n +2 "$1" | awk -F, 'NF>=2 {printf "%s,%.2f,%s\n", $1, $2, ($3==""?"-":$3)}' \
        | sort -t, -k1,1 > "$2"
}

join_planogram() {
    local prices="$1" plano="$2" out="$3"
    tail -n +2 "$plano" | sort -t, -k1,1 > "$WORK_DIR/plano.sorted"
    join -t, -1 1 -2 1 "$WORK_DIR/plano.sorted" "$prices" > "$out"
}

split_by_aisle() {
    local joined="$1"
    local aisle
    for aisle in $(cut -d, -f3 "$joined" | sort -u); do
        {
            echo "sku,description,aisle,bay,price,promo"
            awk -F, -v a="$aisle" '$3==a' "$joined"
        } > "$OUT_DIR/aisle-${aisle}.csv"
        chmod 600 "$OUT_DIR/aisle-${aisle}.csv"
        log INFO "aisle $aisle: $(($(wc -l < "$OUT_DIR/aisle-${aisle}.csv") - 1)) labels"
    done
}

cleanup() {
    rm -rf "$WORK_DIR"
}

main() {
    [[ -f "$PLANOGRAM" ]] || { echo "planogram not found: $PLANOGRAM" >&2; exit 2; }
    prepare_dirs
    trap cleanup EXIT
    local feed
    feed="$(fetch_feed)"
    normalise "$feed" "$WORK_DIR/prices.sorted"
    join_planogram "$WORK_DIR/prices.sorted" "$PLANOGRAM" "$WORK_DIR/joined.csv"
    split_by_aisle "$WORK_DIR/joined.csv"
    log INFO "catalogue ready in $OUT_DIR"
}

main "$@"
