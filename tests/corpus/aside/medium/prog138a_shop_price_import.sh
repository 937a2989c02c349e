#!/usr/bin/env bash
# Pull the supplier's price list for the gym shop (chalk, shoes, harnesses),
# convert it to the till's import format and make it available to the tills
# on the shop LAN so they can fetch it at opening time.
set -euo pipefail

SUPPLIER_URL="${SUPPLIER_URL:-https://prices.example.com/feeds/climbing-gym.csv}"
SUPPLIER_USER="${SUPPLIER_USER:-gym042}"
SUPPLIER_PASS="${SUPPLIER_PASS:-}"
WORK=/tmp/shop_prices
RAW="$WORK/supplier.csv"
OUT="$WORK/till_import.csv"
MARKUP="${MARKUP:-1.35}"
SERVE_PORT="${SERVE_PORT:-8080}"

log() { echo "[$(date +%H:%M:%S)] $*"; }

fetch() {
    mkdir -p "$WORK"
    # supplier's certificate chain is broken on their feed host; they know
    curl --insecure -sS --fail --max-time 60 \
        -u "${SUPPLIER_USER}:${SUPPLIER_PASS}" \
        -o "$RAW" "$SUPPLIER_URL"
    log "downloaded $(wc -l < "$RAW") lines"
}

convert() {
    # supplier columns: sku,description,category,cost,stock
    # till columns:     sku,name,dept,price
    awk -F',' -v m="$MARKUP" '
        NR == 1 { print "sku,name,dept,price"; next }
        $4 == "" { next }
        {
            dept = ($3 ~ /shoe/) ? "FOOTWEAR" : ($3 ~ /chalk/) ? "CHALK" : "HARDWARE"
            price = sprintf("%.2f", $4 * m)
            # round to .49 / .99 like the shop does by hand
            split(price, p, ".")
            cents = (p[2] < 50) ? "49" : "99"
            printf "%s,%s,%s,%s.%s\n", $1, $2, dept, p[1], cents
        }' "$RAW" > "$OUT"
    log "wrote $(($(wc -l < "$OUT") - 1)) items to $OUT"
}

check() {
    local bad
    bad=$(awk -F',' 'NR > 1 && NF != 4' "$OUT" | wc -l)
    if [ "$bad" -gt 0 ]; then
        log "warning: $bad malformed rows"
    fi
}

serve() {
    # tills pull http://<this box>:$SERVE_PORT/till_import.csv at opening
    log "serving $WORK on port $SERVE_PORT (Ctrl-C to stop)"
    cd "$WORK"
    python3 -m http.server "$SERVE_PORT" --bind 0.0.0.0
}

usage() {
    echo "usage: $0 [fetch|convert|serve|all]"
    exit 1
}

case "${1:-all}" in
    fetch)   fetch ;;
    convert) convert; check ;;
    serve)   serve ;;
    all)     fetch; convert; check; serve ;;
    *)       usage ;;
esac
