#!/usr/bin/env bash
# Total the commercial invoices for a shipment before filing.
# Reads every CSV under ./invoices/<shipment>/, converts line values to
# USD using ./rates.csv, and writes ./reports/<shipment>_totals.json for
# the declaration preparer. Intermediate files live in ./build and are
# removed at the end.
set -euo pipefail

SHIPMENT=""
INVOICE_ROOT="./invoices"
RATES="./rates.csv"
BUILD_DIR="./build"
REPORT_DIR="./reports"
KEEP_BUILD=0

log() { printf '[totals] %s\n' "$*" >&2; }

usage() { echo "usage: $0 -s shipment_id [-r rates.csv] [-k]"; }

while getopts ":s:r:kh" opt; do
    case "$opt" in
        s) SHIPMENT="$OPTARG" ;;
        r) RATES="$OPTARG" ;;
        k) KEEP_BUILD=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

[ -n "$SHIPMENT" ] || { usage >&2; exit 2; }
SRC="$INVOICE_ROOT/$SHIPMENT"
[ -d "$SRC" ] || { log "no invoices in $SRC"; exit 1; }
[ -f "$RATES" ] || { log "rates file $RATES missing"; exit 1; }

mkdir -p "$BUILD_DIR" "$REPORT_DIR"
MERGED="$BUILD_DIR/${SHIPMENT}_lines.tsv"

merge_invoices() {
    # invoice_no, hts, qty, unit_price, currency -> one TSV
    local f count=0
    : > "$MERGED"
    for f in "$SRC"/*.csv; do
        [ -e "$f" ] || continue
        awk -F, -v inv="$(basename "$f" .csv)" 'NR > 1 && NF >= 4 {
            printf "%s\t%s\t%s\t%s\t%s\n", inv, $1, $2, $3, ($4 == "" ? "USD" : $4)
        }' "$f" >> "$MERGED"
        count=$((count + 1))
    done
    echo "$count"
}

compute_totals() {
    MERGED="$MERGED" RATES="$RATES" SHIPMENT="$SHIPMENT" python3 - <<'PY'
import csv, json, os, sys
from collections import defaultdict

rates = {}
with open(os.environ["RATES"], newline="") as fh:
    for row in csv.DictReader(fh):
        rates[row["currency"].upper()] = float(row["usd_per_unit"])

by_hts = defaultdict(float)
by_invoice = defaultdict(float)
unknown = set()
with open(os.environ["MERGED"]) as fh:
    for line in fh:
        inv, hts, qty, price, cur = line.rstrip("\n").split("\t")
        cur = cur.upper()
        if cur not in rates:
            unknown.add(cur)
            continue
        usd = float(qty) * float(price) * rates[cur]
        by_hts[hts] += usd
        by_invoice[inv] += usd

report = {
    "shipment": os.environ["SHIPMENT"],
    "total_usd": round(sum(by_invoice.values()), 2),
    "by_invoice": {k: round(v, 2) for k, v in sorted(by_invoice.items())},
    "by_hts": {k: round(v, 2) for k, v in sorted(by_hts.items())},
    "unknown_currencies": sorted(unknown),
}
json.dump(report, sys.stdout, indent=2)
PY
}

main() {
    local n total out="$REPORT_DIR/${SHIPMENT}_totals.json"
    n="$(merge_invoices)"
    log "merged $n invoice files"
    compute_totals > "$out"
    total="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["total_usd"])' "$out")"
    log "shipment $SHIPMENT total: USD $total -> $out"
    if grep -q '"unknown_currencies": \[\]' "$out"; then
        :
    else
        log "warning: some lines used currencies missing from $RATES"
    fi
    if [ "$KEEP_BUILD" -eq 0 ]; then
        rm -f "$MERGED"
        rmdir "$BUILD_DIR" 2>/dev/null || true
    fi
}

main
