#!/usr/bin/env bash
# paper_stock_price_refresh.sh - refresh supplier pricing for the studio stock sheet
#
# Reads stock.csv (sku,supplier,description,qty,unit) from the working
# directory, pulls the current supplier price list (CSV) and writes a valued
# copy to stock_valued.csv.  The price list is maintained centrally so every
# studio prices hot-press, cold-press and handmade papers the same way.

set -euo pipefail

CONF="${PAPER_SYNC_CONF:-./paperstock.conf}"
STOCK_FILE="stock.csv"
OUT_FILE="stock_valued.csv"
CACHE_DIR="./.paperstock-cache"
PRICES_URL="https://rules.paperstock-feed.example/v3/prices.csv"
CURRENCY="GBP"
VERBOSE=0

log()  { printf '%s [paperstock] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $(basename "$0") [-s stock.csv] [-o out.csv] [-c currency] [-v]
EOF
}

while getopts ":s:o:c:vh" opt; do
    case "$opt" in
        s) STOCK_FILE="$OPTARG" ;;
        o) OUT_FILE="$OPTARG" ;;
        c) CURRENCY="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# Simple KEY=value overrides; parsed, never sourced.
if [ -f "$CONF" ]; then
    while IFS='=' read -r key val; do
        case "$key" in
            PRICES_URL) PRICES_URL="$val" ;;
            CURRENCY)   CURRENCY="$val" ;;
        esac
    done <"$CONF"
fi

[ -f "$STOCK_FILE" ] || die "no stock file at $STOCK_FILE"
mkdir -p "$CACHE_DIR"

fetch_prices() {
    local dest="$CACHE_DIR/prices.csv" tmp="$CACHE_DIR/prices.csv.part"
    local n
    for n in 1 2 3; do
        if curl -fsSL --max-time 30 -H "Accept: text/csv" "$PRICES_URL" -o "$tmp"; then
            mv -f "$tmp" "$dest"
            vlog "price list refreshed ($(wc -l <"$dest") lines)"
            echo "$dest"
            return 0
        fi
        log "fetch attempt $n failed, retrying"
        sleep $((n * 3))
    done
    rm -f "$tmp"
    [ -f "$dest" ] && { log "using cached price list"; echo "$dest"; return 0; }
    return 1
}

value_stock() {
    local prices="$1"
    # prices.csv: supplier,sku,unit,price_<currency>
    awk -F, -v cur="$CURRENCY" -v verbose="$VERBOSE" '
        NR == FNR {
            if (FNR == 1) next
            price[$1 "|" $2 "|" $3] = $4
            next
        }
        FNR == 1 {
            printf "sku,supplier,description,qty,unit,unit_price_%s,value_%s\n", cur, cur
            next
        }
        $1 == "" { next }
        {
            key = $2 "|" $1 "|" $5
            p = (key in price) ? price[key] : 0
            v = $4 * p
            total += v
            printf "%s,%s,%s,%s,%s,%.2f,%.2f\n", $1, $2, $3, $4, $5, p, v
            if (!(key in price)) missing++
        }
        END {
            printf "stock valued at %.2f %s (%d lines unpriced)\n", total, cur, missing > "/dev/stderr"
        }
    ' "$prices" "$STOCK_FILE" >"$OUT_FILE"
    log "wrote $OUT_FILE"
}

prices_file="$(fetch_prices)" || die "no price list available"
value_stock "$prices_file"
