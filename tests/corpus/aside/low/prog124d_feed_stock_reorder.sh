#!/usr/bin/env bash
# feed_stock_reorder.sh - refresh supplier price list for hard feed, chaff,
# haylage and bedding, then work out what the yard needs to reorder this week.
#
# Usage: feed_stock_reorder.sh [-c config] [-n] [-q]
#   -c FILE   config file (default ./feedstock.ini, KEY=value lines)
#   -n        dry run: print reorder list, don't write order file
#   -q        quiet
set -euo pipefail

CONFIG="./feedstock.ini"
DRY_RUN=0
QUIET=0

SUPPLIER_URL="https://trade.countryfeeds-direct.co.uk/yard"
YARD_CODE=""
STOCK_FILE="./feed_stock.csv"
ORDER_DIR="./orders"

log() { [[ $QUIET -eq 1 ]] || printf '%s [feed] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts ":c:nq" opt; do
  case $opt in
    c) CONFIG=$OPTARG ;;
    n) DRY_RUN=1 ;;
    q) QUIET=1 ;;
    *) die "usage: $0 [-c config] [-n] [-q]" ;;
  esac
done

read_config() {
  local key val
  [[ -f $CONFIG ]] || return 0
  while IFS='=' read -r key val; do
    [[ $key =~ ^[[:space:]]*(#|$) ]] && continue
    val=${val%\"}; val=${val#\"}
    case $key in
      SUPPLIER_URL) SUPPLIER_URL=$val ;;
      YARD_CODE)    YARD_CODE=$val ;;
      STOCK_FILE)   STOCK_FILE=$val ;;
      ORDER_DIR)    ORDER_DIR=$val ;;
      *) log "ignoring unknown config key $key" ;;
    esac
  done < "$CONFIG"
}

read_config
[[ -n $YARD_CODE ]] || die "YARD_CODE not set in $CONFIG"
[[ -f $STOCK_FILE ]] || die "stock file $STOCK_FILE missing"

mkdir -p "$ORDER_DIR"
PRICE_FILE="$ORDER_DIR/prices-$(date +%Y%m%d).csv"

fetch_prices() {
  local url="$SUPPLIER_URL/$YARD_CODE/pricelist.csv"
  log "fetching price list for $YARD_CODE"
  local n=0
  until wget -q --timeout=30 -O "$PRICE_FILE" "$url"; do
    n=$((n + 1))
    [[ $n -ge 3 ]] && die "could not fetch $url"
    sleep $((n * 5))
  done
  log "got $(($(wc -l < "$PRICE_FILE") - 1)) price lines"
}

build_orders() {
  # stock: item,on_hand,weekly_use,min_weeks   prices: item,unit,price
  awk -F, '
    NR == FNR { if (FNR > 1) price[$1] = $3; unit[$1] = $2; next }
    FNR == 1 { next }
    {
      need = $3 * $4 - $2
      if (need > 0) {
        qty = int(need + 0.999)
        cost = qty * price[$1]
        printf "%s,%d,%s,%.2f\n", $1, qty, unit[$1], cost
        total += cost
      }
    }
    END { printf "TOTAL,,,%.2f\n", total }
  ' "$PRICE_FILE" "$STOCK_FILE"
}

main() {
  fetch_prices

  local orders
  orders=$(build_orders)
  if [[ $DRY_RUN -eq 1 ]]; then
    printf 'item,qty,unit,cost\n%s\n' "$orders" | column -t -s,
    return 0
  fi
  local out="$ORDER_DIR/order-$(date +%Y%m%d).csv"
  printf 'item,qty,unit,cost\n%s\n' "$orders" > "$out"
  log "order written to $out ($(grep -c -v '^TOTAL' <<< "$orders") lines)"
}

main "$@"
