#!/usr/bin/env bash
# booking_export.sh - pull tomorrow's stays and grooms from the PawDesk API
# and write the kennel run-sheets (one CSV per block) for the morning shift.
#
# Usage: ./booking_export.sh [-d YYYY-MM-DD] [-c booking.conf] [-n]
#
# Extra columns per site (feeding charts, med rounds) are jq filters kept in
# ./filters/*.jq next to this script.
set -euo pipefail

CONF="./booking.conf"
DAY="$(date -d tomorrow +%F 2>/dev/null || date -v+1d +%F)"
DRY_RUN=0

while getopts "d:c:nh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

[[ -f "$CONF" ]] && source "$CONF"

API_BASE="${API_BASE:-https://api.pawdesk.example/v2}"
SITE_ID="${SITE_ID:?SITE_ID must be set in $CONF}"
FILTER_DIR="${FILTER_DIR:-./filters}"
OUT_DIR="${OUT_DIR:-./runsheets}"
CACHE_DIR="./.cache/booking"
LOG_FILE="./booking_export.log"

mkdir -p "$OUT_DIR" "$CACHE_DIR"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

fetch_bookings() {
    local day="$1" dest="$CACHE_DIR/bookings-$1.json" tries=0
    until curl -fsS --max-time 30 \
            -H "Authorization: Bearer ${PAWDESK_TOKEN:?PAWDESK_TOKEN not set}" \
            "$API_BASE/sites/$SITE_ID/bookings?date=$day&include=pet,owner" \
            -o "$dest"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && { log "giving up on bookings for $day"; return 1; }
        log "fetch failed, retry $tries"; sleep $((tries * 5))
    done
    echo "$dest"
}

write_runsheets() {
    local json="$1" block
    for block in $(jq -r '[.items[].kennel_block] | unique | .[]' "$json"); do
        jq -r --arg b "$block" '
            ["run","pet","breed","owner","phone","feeding","meds"],
            (.items[] | select(.kennel_block == $b) |
             [.run, .pet.name, .pet.breed, .owner.name, .owner.phone,
              .pet.feeding_notes, (.pet.medications // [] | join("; "))])
            | @csv' "$json" > "$OUT_DIR/runsheet-$DAY-$block.csv"
        log "block $block: $(($(wc -l < "$OUT_DIR/runsheet-$DAY-$block.csv") - 1)) pets"
    done
}

apply_filters() {
    local json="$1" filter name
    for filter in "$FILTER_DIR"/*.jq; do
        [[ -e "$filter" ]] || continue
        name="$(basename "$filter" .jq)"
        if jq -r -f "$filter" "$json" > "$OUT_DIR/$name-$DAY.csv"; then
            log "filter $name: wrote $OUT_DIR/$name-$DAY.csv"
        else
            log "filter $name failed"; rm -f "$OUT_DIR/$name-$DAY.csv"
        fi
    done
}

main() {
    log "pulling bookings for $DAY (site $SITE_ID)"
    local json
    json="$(fetch_bookings "$DAY")" || exit 1
    if (( DRY_RUN )); then
        jq '.items | length' "$json"; exit 0
    fi
    write_runsheets "$json"
    apply_filters "$json"
    find "$CACHE_DIR" -maxdepth 1 -name 'bookings-*.json' -mtime +7 -delete
    log "done"
}

main "$@"
