#!/usr/bin/env bash
# van_stock_reconcile.sh - compare what's actually on the van against the
# depot allocation and report shortages before the fitter leaves the yard.
#
# Reads the evening count (vancount.csv: sku,qty) from the working directory,
# pulls the van's allocation from the depot stock API, writes
# reports/shortfall-<date>.csv and posts the count back to the depot.
#
# Config: ./vanstock.conf (VAN_ID, DEPOT_URL), key in $DEPOT_API_KEY.

set -euo pipefail

SCRIPT_NAME=$(basename "$0")
CONF=${VANSTOCK_CONF:-./vanstock.conf}
COUNT_FILE=${1:-vancount.csv}
REPORT_DIR=reports
KEEP_DAYS=14
TODAY=$(date +%F)

log()  { printf '%s [%s] %s\n' "$(date +%T)" "$SCRIPT_NAME" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

[[ -r $CONF ]] || die "missing $CONF (copy vanstock.conf.example)"
# shellcheck source=/dev/null
. "$CONF"
: "${VAN_ID:?VAN_ID not set in $CONF}"
: "${DEPOT_URL:=https://stock.underfoot-fitting.co.uk/api}"
: "${DEPOT_API_KEY:?export DEPOT_API_KEY first}"

command -v curl >/dev/null || die "curl not installed"
command -v jq   >/dev/null || die "jq not installed"
[[ -s $COUNT_FILE ]] || die "no count file $COUNT_FILE - do the evening count first"

mkdir -p "$REPORT_DIR"
ALLOC_JSON="$REPORT_DIR/allocation-$TODAY.json"
SHORT_CSV="$REPORT_DIR/shortfall-$TODAY.csv"

fetch_allocation() {
    local tries=0
    until curl -fsS --max-time 20 \
            -H "X-Api-Key: $DEPOT_API_KEY" \
            -H "Accept: application/json" \
            -o "$ALLOC_JSON" \
            "$DEPOT_URL/vans/$VAN_ID/allocation"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && die "depot API unreachable after $tries tries"
        log "allocation fetch failed, retrying in $((tries * 5))s"
        sleep $((tries * 5))
    done
    log "allocation saved to $ALLOC_JSON"
}

compare_counts() {
    # allocation: {"items":[{"sku":"GRIP-1.52","min":40,"name":"Gripper 1.52m"},...]}
    jq -r '.items[] | [.sku, .min, .name] | @tsv' "$ALLOC_JSON" |
    while IFS=$'\t' read -r sku min name; do
        have=$(awk -F, -v s="$sku" 'tolower($1)==tolower(s){print $2+0; f=1} END{if(!f)print 0}' "$COUNT_FILE")
        if (( have < min )); then
            printf '%s,%s,%d,%d,%d\n' "$sku" "$name" "$have" "$min" $((min - have))
        fi
    done > "$SHORT_CSV.tmp"
    { echo "sku,name,on_van,minimum,short"; sort "$SHORT_CSV.tmp"; } > "$SHORT_CSV"
    rm -f "$SHORT_CSV.tmp"
    local n
    n=$(($(wc -l < "$SHORT_CSV") - 1))
    log "$n lines short - see $SHORT_CSV"
}

post_count() {
    local body
    body=$(jq -Rn --arg van "$VAN_ID" --arg date "$TODAY" '
        [inputs | select(length > 0) | split(",") | select(.[0] != "sku")
         | {sku: .[0], qty: (.[1] | tonumber? // 0)}]
        | {van: $van, date: $date, counts: .}' < "$COUNT_FILE")
    if curl -fsS --max-time 20 -X POST \
            -H "X-Api-Key: $DEPOT_API_KEY" \
            -H "Content-Type: application/json" \
            --data "$body" \
            "$DEPOT_URL/vans/$VAN_ID/counts" >/dev/null; then
        log "count posted to depot"
    else
        log "WARNING: could not post count, depot will chase by phone"
    fi
}

prune_reports() {
    find "$REPORT_DIR" -maxdepth 1 -type f \( -name 'allocation-*.json' -o -name 'shortfall-*.csv' \) \
        -mtime +"$KEEP_DAYS" -print -delete | sed 's/^/pruned /' >&2 || true
}

main() {
    log "van $VAN_ID reconcile starting"
    fetch_allocation
    compare_counts
    post_count
    prune_reports
    log "done"
}

main "$@"
