#!/usr/bin/env bash
# van_stock_count.sh - reconcile a van's weekly stock count against the
# branch price list and produce a reorder sheet for the stores.
#
# Usage: van_stock_count.sh [-c vanstock.conf] [-v VAN_ID] [-k] count.csv
#   count.csv: sku,qty as typed in by the engineer on Friday afternoon
set -euo pipefail

CONFIG="${VANSTOCK_CONFIG:-./vanstock.conf}"
VAN_ID=""
STOCK_BASE="https://stock.northfield-locks.co.uk"
OUT_DIR="./reports"
KEEP_DAYS=60
KEEP_PRICELIST=0

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "${*:2}" >&2; }
die() { log ERROR "$*"; exit 1; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

read_config() {
    # plain key=value, no shell evaluation
    local key value
    [[ -f $CONFIG ]] || return 0
    while IFS='=' read -r key value; do
        key="${key// /}"
        [[ -z $key || $key == \#* ]] && continue
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            van_id)     VAN_ID="${VAN_ID:-$value}" ;;
            stock_base) STOCK_BASE="$value" ;;
            out_dir)    OUT_DIR="$value" ;;
            keep_days)  KEEP_DAYS="$value" ;;
            *) log WARN "unknown config key: $key" ;;
        esac
    done < "$CONFIG"
}

fetch_pricelist() {
    local dest="$1" tries=0
    until curl -fsS --max-time 30 -o "$dest" "${STOCK_BASE}/pricelist/current.csv"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && return 1
        log WARN "price list download failed, retry $tries"
        sleep $((tries * 5))
    done
}

reconcile() {
    local pricelist="$1" count="$2"
    awk -F, -v van="$VAN_ID" '
        NR == FNR { if (FNR > 1) { desc[$1] = $2; minq[$1] = $3; cost[$1] = $4 } next }
        FNR == 1  { next }
        {
            sku = $1; qty = $2 + 0; seen[sku] = 1
            if (!(sku in desc)) { printf "UNKNOWN  %-12s qty %d\n", sku, qty; next }
            value += qty * cost[sku]
            if (qty < minq[sku]) printf "REORDER  %-12s %-32s have %3d need %3d\n", sku, desc[sku], qty, minq[sku] - qty
        }
        END {
            for (s in desc) if (!(s in seen) && minq[s] > 0)
                printf "MISSING  %-12s %-32s need %3d\n", s, desc[s], minq[s]
            printf "\nVan %s stock value: %.2f GBP\n", van, value
        }' "$pricelist" "$count"
}

prune_reports() {
    find "$OUT_DIR" -maxdepth 1 -type f -name 'van_*.txt' -mtime +"$KEEP_DAYS" -print -delete |
        while read -r f; do log INFO "pruned $f"; done
}

while getopts "c:v:kh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        v) VAN_ID="$OPTARG" ;;
        k) KEEP_PRICELIST=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 ]] || usage 1
COUNT_FILE="$1"

read_config
[[ -n $VAN_ID ]] || die "no van id (use -v or van_id= in $CONFIG)"
[[ -r $COUNT_FILE ]] || die "cannot read $COUNT_FILE"
mkdir -p "$OUT_DIR"

pricelist="$OUT_DIR/pricelist.csv"
fetch_pricelist "$pricelist" || die "could not fetch price list from $STOCK_BASE"
log INFO "price list: $(($(wc -l < "$pricelist") - 1)) lines"

report="$OUT_DIR/van_${VAN_ID}_$(date +%F).txt"
{
    echo "Stock reconciliation - van $VAN_ID - $(date '+%A %d %B %Y')"
    echo "------------------------------------------------------------"
    reconcile "$pricelist" "$COUNT_FILE" | sort
} > "$report"
log INFO "report written to $report"

(( KEEP_PRICELIST )) || rm -f "$pricelist"
prune_reports
grep -c '^REORDER' "$report" | xargs -I{} echo "{} lines to reorder"
