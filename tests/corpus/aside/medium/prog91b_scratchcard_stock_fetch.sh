#!/usr/bin/env bash
# scratchcard_stock_fetch.sh - compare the shop's scratch-card count against
# the depot allocation sheet.
#
# Staff scan or type pack counts into counts/YYYY-MM-DD.csv
# (game_code,packs_on_hand,loose_tickets). This pulls the depot's allocation
# for the retailer, lines the two up and prints the packs to reorder or
# return before the weekly settlement.
#
# Config is read from ./scratch.conf if present:
#   DEPOT_URL=https://depot.scratchsupply.example/api/allocation
#   RETAILER_ID=40771
#   DEPOT_USER=...  DEPOT_PASS=...

set -euo pipefail

CONF="${SCRATCH_CONF:-./scratch.conf}"
DAY="$(date +%F)"
COUNTS_DIR="./counts"
REPORT_DIR="./reports"
ALLOC_CACHE="/tmp/scratch_allocation.csv"
RETRIES=3

log() { printf '%s [stock] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $0 [-d YYYY-MM-DD] [-c config] [-o]
  -d  count day (default today)
  -c  config file (default $CONF)
  -o  offline: reuse the last downloaded allocation
EOF
}

OFFLINE=0
while getopts ":d:c:oh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        c) CONF="$OPTARG" ;;
        o) OFFLINE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$CONF" ]] && . "$CONF"
: "${DEPOT_URL:=https://depot.scratchsupply.example/api/allocation}"
: "${RETAILER_ID:?RETAILER_ID must be set in $CONF}"

COUNT_FILE="$COUNTS_DIR/$DAY.csv"
[[ -f "$COUNT_FILE" ]] || die "no count sheet at $COUNT_FILE"
mkdir -p "$REPORT_DIR"

fetch_allocation() {
    local url="$DEPOT_URL?retailer=$RETAILER_ID&format=csv" n=0
    # depot portal still presents the old intermediate chain on some nodes
    until curl -sS -k --fail --max-time 30 \
            ${DEPOT_USER:+-u "$DEPOT_USER:$DEPOT_PASS"} \
            -o "$ALLOC_CACHE" "$url"; do
        n=$((n + 1))
        (( n >= RETRIES )) && return 1
        log "depot fetch failed, retry $n/$RETRIES"
        sleep $((n * 5))
    done
    log "allocation saved to $ALLOC_CACHE ($(wc -l < "$ALLOC_CACHE") lines)"
}

compare() {
    # allocation: game_code,game_name,price,packs_allocated,tickets_per_pack
    awk -F, -v OFS=, '
        NR == FNR { if (FNR > 1) { name[$1] = $2; alloc[$1] = $4; tpp[$1] = $5 }; next }
        FNR == 1  { next }
        {
            seen[$1] = 1
            have = $2 + ($3 / (tpp[$1] ? tpp[$1] : 1))
            diff = have - alloc[$1]
            action = diff < -0.5 ? "REORDER" : (diff > 1 ? "RETURN" : "OK")
            printf "%s,%s,%.1f,%d,%.1f,%s\n", $1, name[$1], have, alloc[$1], diff, action
        }
        END {
            for (g in alloc) if (!(g in seen))
                printf "%s,%s,0,%d,%d,NOT COUNTED\n", g, name[g], alloc[g], -alloc[g]
        }' "$ALLOC_CACHE" "$COUNT_FILE"
}

main() {
    if (( OFFLINE )); then
        [[ -s "$ALLOC_CACHE" ]] || die "offline mode but no cached allocation"
    else
        fetch_allocation || die "could not reach depot at $DEPOT_URL"
    fi

    local out="$REPORT_DIR/stock_$DAY.csv"
    {
        echo "game_code,game_name,on_hand_packs,allocated,difference,action"
        compare | sort -t, -k6,6 -k1,1
    } > "$out"

    log "report written to $out"
    column -s, -t < "$out"
    local reorder
    reorder=$(grep -c ',REORDER$' "$out" || true)
    log "$reorder game(s) to reorder"
}

main "$@"
