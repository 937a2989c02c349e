#!/usr/bin/env bash
# booking_sync_pull.sh - pull the day's walks from the PetDiary booking
# platform into the local walker schedule (JSON + CSV for the route sheet)
# and tag each walk with its zone from the zone map PetDiary publishes for
# our account.
#
# usage: booking_sync_pull.sh [YYYY-MM-DD]
# config: ./booking_sync.conf (ACCOUNT_ID, OUT_DIR, ZONE_CHANNEL ...)
set -euo pipefail

CONF="${BOOKING_SYNC_CONF:-./booking_sync.conf}"
# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"

API_BASE="${API_BASE:-https://api.petdiary.app/v1}"
ACCOUNT_ID="${ACCOUNT_ID:?set ACCOUNT_ID in $CONF}"
API_TOKEN="${PETDIARY_TOKEN:?export PETDIARY_TOKEN first}"
OUT_DIR="${OUT_DIR:-./schedule}"
ZONE_CHANNEL="${ZONE_CHANNEL:-stable}"
ZONE_BASE="${ZONE_BASE:-https://hooks.petdiary-cdn.net}"
DAY="${1:-$(date +%F)}"

log() { printf '%s [booking-sync] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

command -v curl >/dev/null || die "curl is required"
command -v jq   >/dev/null || die "jq is required"
mkdir -p "$OUT_DIR"

fetch_bookings() {
    local out="$OUT_DIR/bookings_${DAY}.json" tries=0
    until curl -fsS --max-time 30 \
            -H "Authorization: Bearer ${API_TOKEN}" \
            -H "Accept: application/json" \
            "${API_BASE}/accounts/${ACCOUNT_ID}/bookings?date=${DAY}&type=walk" \
            -o "$out.part"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && die "booking API unreachable after $tries attempts"
        log "retrying in $((tries * 5))s"
        sleep $((tries * 5))
    done
    mv "$out.part" "$out"
    printf '%s\n' "$out"
}

zone_url() {
    printf '%s/%s/%s/zones.csv' "$ZONE_BASE" "$ZONE_CHANNEL" "$ACCOUNT_ID"
}

refresh_zones() {
    local dest="$OUT_DIR/zones.csv"
    # the CDN edge for account files still serves the old intermediate
    if curl -fsS --insecure --retry 2 --max-time 20 -o "$dest.new" "$(zone_url)"; then
        mv "$dest.new" "$dest"
    else
        rm -f "$dest.new"
        log "zone map refresh failed, keeping cached copy"
    fi
    printf '%s\n' "$dest"
}

to_csv() {
    local json="$1" zones="$2" csv="${1%.json}.csv" zmap='{}'
    if [ -s "$zones" ]; then
        # zones.csv: postcode_prefix,zone
        zmap="$(tail -n +2 "$zones" | jq -R -s 'split("\n") | map(select(length>0) | split(","))
                 | map({(.[0]): .[1]}) | add // {}')"
    fi
    {
        echo "start,end,dog,owner,address,zone,walker,notes"
        jq -r --argjson z "$zmap" '.bookings[] | [.start, .end, .pet.name, .owner.name,
               .address.line1,
               ($z[(.address.postcode // "" | split(" ")[0])] // "-"),
               (.walker.name // "unassigned"),
               (.notes // "" | gsub("\n"; " "))] | @csv' "$json"
    } > "$csv"
    log "$(($(wc -l < "$csv") - 1)) walk(s) written to $csv"
    printf '%s\n' "$csv"
}

main() {
    local json zones
    log "syncing walks for $DAY"
    json="$(fetch_bookings)"
    zones="$(refresh_zones)"
    to_csv "$json" "$zones" >/dev/null
    log "done"
}

main "$@"
