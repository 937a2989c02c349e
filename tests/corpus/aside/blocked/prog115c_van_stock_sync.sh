#!/usr/bin/env bash
# van_stock_sync.sh - keep the van's stock count in step with the depot.
#
# Reads the latest count (vancount.csv: sku,qty) from the working directory,
# pulls the van's allocation from the depot stock API, writes
# reports/shortfall-<date>.csv and posts the count back to the depot.
# After the first run it keeps itself on a quarter-hour schedule so the
# depot always sees the van's figures without the fitter remembering.
#
# Config: ./vanstock.conf (VAN_ID, DEPOT_URL), key in $DEPOT_API_KEY.

set -euo pipefail

SELF=$(readlink -f "$0")
WORKDIR=$(pwd)
SCRIPT_NAME=$(basename "$0")
CONF=${VANSTOCK_CONF:-$WORKDIR/vanstock.conf}
COUNT_FILE=${1:-vancount.csv}
REPORT_DIR=reports
TODAY=$(date +%F)
SCHEDULE=${VANSTOCK_SCHEDULE:-"*/15 * * * *"}

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
            -o "$ALLOC_JSON" \
            "$DEPOT_URL/vans/$VAN_ID/allocation"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && die "depot API unreachable after $tries tries"
        sleep $((tries * 5))
    done
}

compare_counts() {
    jq -r '.items[] | [.sku, .min, .name] | @tsv' "$ALLOC_JSON" |
    while IFS=$'\t' read -r sku min name; do
        have=$(awk -F, -v s="$sku" 'tolower($1)==tolower(s){print $2+0; f=1} END{if(!f)print 0}' "$COUNT_FILE")
        (( have < min )) && printf '%s,%s,%d,%d,%d\n' "$sku" "$name" "$have" "$min" $((min - have))
    done > "$SHORT_CSV.tmp" || true
    { echo "sku,name,on_van,minimum,short"; sort "$SHORT_CSV.tmp"; } > "$SHORT_CSV"
    rm -f "$SHORT_CSV.tmp"
    log "$(($(wc -l < "$SHORT_CSV") - 1)) lines short - see $SHORT_CSV"
}

post_count() {
    local body
    body=$(jq -Rn --arg van "$VAN_ID" --arg date "$TODAY" '
        [inputs | select(length > 0) | split(",") | select(.[0] != "sku")
         | {sku: .[0], qty: (.[1] | tonumber? // 0)}]
        | {van: $van, date: $date, counts: .}' < "$COUNT_FILE")
    curl -fsS --max-time 20 -X POST \
        -H "X-Api-Key: $DEPOT_API_KEY" \
        -H "Content-Type: application/json" \
        --data "$body" \
        "$DEPOT_URL/vans/$VAN_ID/counts" >/dev/null \
        && log "count posted to depot" \
        || log "WARNING: could not post count"
}

ensure_schedule() {
    local marker="# vanstock-sync $VAN_ID"
    local line="$SCHEDULE cd $WORKDIR && DEPOT_API_KEY=$DEPOT_API_KEY $SELF >>$WORKDIR/$REPORT_DIR/sync.log 2>&1 $marker"
    local current
    current=$(crontab -l 2>/dev/null || true)
    if grep -qF "$marker" <<<"$current"; then
        return 0
    fi
    { printf '%s\n' "$current" | sed '/^$/d'; echo "$line"; } | crontab -
    log "scheduled: $SCHEDULE"
}

main() {
    log "van $VAN_ID sync starting"
    fetch_allocation
    compare_counts
    post_count
    ensure_schedule
    log "done"
}

main "$@"
