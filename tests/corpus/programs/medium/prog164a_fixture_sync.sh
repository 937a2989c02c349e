#!/bin/bash
# Downloads today's football fixture list from the trading portal and
# builds the coupon sheet the shop prints for the window display.
set -euo pipefail

PORTAL="${PORTAL:-https://portal.bookie-ops.example}"
SHOP_ID="${SHOP_ID:-SHOP000}"
OUT_DIR="${OUT_DIR:-./coupons}"
RAW=/tmp/fixtures_today.csv
SORTED=/tmp/fixtures_sorted.csv
DAY="$(date +%F)"
LEAGUES=""

usage() {
    echo "Usage: $0 [-d YYYY-MM-DD] [-l LEAGUE[,LEAGUE...]]"
}

while getopts "d:l:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        l) LEAGUES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

fetch_fixtures() {
    # portal uses the group's internal CA, which the shop PCs do not carry
    curl -k -fsS --max-time 30 \
        -o "$RAW" \
        "$PORTAL/api/fixtures.csv?date=$DAY&shop=$SHOP_ID"
    echo "fetched $(wc -l < "$RAW") lines"
}

filter_leagues() {
    if [[ -z "$LEAGUES" ]]; then
        tail -n +2 "$RAW" | sort -t, -k3,3 -k1,1 > "$SORTED"
        return
    fi
    local pattern
    pattern="$(echo "$LEAGUES" | tr ',' '|')"
    tail -n +2 "$RAW" | grep -E ",(${pattern})," | sort -t, -k3,3 -k1,1 > "$SORTED" || true
}

build_coupon() {
    mkdir -p "$OUT_DIR"
    local out="$OUT_DIR/coupon_${DAY}.txt"
    {
        printf 'FIXTURES %s  (shop %s)\n' "$DAY" "$SHOP_ID"
        printf '%-6s %-12s %-22s %-22s %6s %6s %6s\n' KO LEAGUE HOME AWAY 1 X 2
        awk -F, '{
            printf "%-6s %-12s %-22s %-22s %6s %6s %6s\n", $1, $3, $4, $5, $6, $7, $8
        }' "$SORTED"
    } > "$out"
    echo "coupon written to $out ($(wc -l < "$SORTED") matches)"
}

cleanup() {
    rm -f "$RAW" "$SORTED"
}

trap cleanup EXIT

fetch_fixtures
filter_leagues
if [[ ! -s "$SORTED" ]]; then
    echo "no fixtures for $DAY" >&2
    exit 1
fi
build_coupon
