#!/bin/sh
# Pull the day's pickup requests from the bakery partners' ordering portal
# and convert them into the CSV the dispatch board imports.
# The portal runs on a box in the bakery's back office with its own
# certificate, so curl is told not to check it.

set -eu

PORTAL="${PORTAL:-https://orders.crumbandcrust.example}"
FEED_PATH="/api/pickups"
WORK="/tmp/velocoop_partner_feed"
RAW="$WORK/pickups.json"
OUT="${OUT:-./imports/partner_pickups.csv}"
DAY="${1:-$(date +%Y-%m-%d)}"

die() { echo "partner-feed: $*" >&2; exit 1; }

check_tools() {
    for t in curl jq; do
        command -v "$t" >/dev/null 2>&1 || die "$t is required"
    done
    [ -n "${PARTNER_TOKEN:-}" ] || die "PARTNER_TOKEN is not set"
}

pull() {
    mkdir -p "$WORK"
    curl -sS --insecure --fail --max-time 60 \
        -H "Authorization: Bearer $PARTNER_TOKEN" \
        -H "Accept: application/json" \
        "$PORTAL$FEED_PATH?date=$DAY" -o "$RAW" \
        || die "portal request failed"
    [ -s "$RAW" ] || die "empty response"
}

convert() {
    mkdir -p "$(dirname "$OUT")"
    {
        echo "pickup_id,partner,address,postcode,ready_at,crates,notes"
        jq -r '.pickups[] | [
            .id, .partner, .address, .postcode, .ready_at,
            (.crates // 1), (.notes // "")
        ] | @csv' "$RAW"
    } > "$OUT.tmp"
    mv "$OUT.tmp" "$OUT"
}

validate() {
    rows=$(($(wc -l < "$OUT") - 1))
    [ "$rows" -ge 0 ] || die "conversion produced no header"
    bad=$(awk -F, 'NR > 1 && $4 == "\"\"" {n++} END {print n + 0}' "$OUT")
    if [ "$bad" -gt 0 ]; then
        echo "partner-feed: warning: $bad pickup(s) without postcode" >&2
    fi
    echo "$rows"
}

cleanup() {
    rm -f "$RAW"
}

main() {
    check_tools
    trap cleanup EXIT
    pull
    convert
    rows=$(validate)
    echo "partner-feed: $rows pickup(s) for $DAY written to $OUT"
}

main
