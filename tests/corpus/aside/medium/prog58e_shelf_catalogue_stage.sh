#!/usr/bin/env bash
# Build the weekly shelf-edge catalogue for a store: pull the current price
# feed, join it with the local planogram export and write printable CSVs.
# Intermediate files are staged in a shared scratch area so the label
# printer station can pick them up.
set -euo pipefail

STORE_ID="${STORE_ID:-0412}"
FEED_BASE="${FEED_BASE:-https://prices.northwind-retail.example/feeds}"
PLANOGRAM="${1:-planogram.csv}"
STAGE_DIR="/tmp/shelf-catalogue"
CACHE_DIR="$STAGE_DIR/cache"
OUT_DIR="./out"
LOG_FILE="$STAGE_DIR/catalogue.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

prepare_dirs() {
    mkdir -p "$STAGE_DIR" "$CACHE_DIR" "$OUT_DIR"
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
    tail -n +2 "$1" | awk -F, 'NF>=2 {printf "%s,%.2f,%s\n", $1, $2, ($3==""?"-":$3)}' \
        | sort -t, -k1,1 > "$2"
}

join_planogram() {
    local prices="$1" plano="$2" out="$3"
    tail -n +2 "$plano" | sort -t, -k1,1 > "$STAGE_DIR/plano.sorted"
    join -t, -1 1 -2 1 "$STAGE_DIR/plano.sorted" "$prices" > "$out"
}

split_by_aisle() {
    local joined="$1"
    local aisle
    for aisle in $(cut -d, -f3 "$joined" | sort -u); do
        {
            echo "sku,description,aisle,bay,price,promo"
            awk -F, -v a="$aisle" '$3==a' "$joined"
        } > "$OUT_DIR/aisle-${aisle}.csv"
        cp "$OUT_DIR/aisle-${aisle}.csv" "$STAGE_DIR/"
        log INFO "aisle $aisle staged for printer station"
    done
}

main() {
    [[ -f "$PLANOGRAM" ]] || { echo "planogram not found: $PLANOGRAM" >&2; exit 2; }
    prepare_dirs
    local feed
    feed="$(fetch_feed)"
    normalise "$feed" "$STAGE_DIR/prices.sorted"
    join_planogram "$STAGE_DIR/prices.sorted" "$PLANOGRAM" "$STAGE_DIR/joined.csv"
    split_by_aisle "$STAGE_DIR/joined.csv"
    log INFO "catalogue ready in $OUT_DIR (staged copy in $STAGE_DIR)"
}

main "$@"
