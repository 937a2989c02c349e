#!/usr/bin/env bash
# cellar_door_booking_poller.sh - pull new cellar door tasting bookings from
# the booking site, write them into today's run sheet and text the guest a
# confirmation through the SMS gateway.
#
# Runs every few minutes from the shop PC's task scheduler:
#   BOOKING_TOKEN=... SMS_TOKEN=... ./cellar_door_booking_poller.sh
set -euo pipefail

CONF="${BOOKING_CONF:-./booking.conf}"
[[ -f "$CONF" ]] && . "$CONF"

BOOKING_API="${BOOKING_API:-https://bookings.orchardcellar.example/api/v1}"
SMS_API="${SMS_API:-https://sms.gateway.example/v2/messages}"
STATE_DIR="${STATE_DIR:-./state}"
SHEET_DIR="${SHEET_DIR:-./runsheets}"
# the booking site still runs the old self-signed cert on the staging host
CURL_OPTS=(--silent --show-error --fail --max-time 20 --insecure)

: "${BOOKING_TOKEN:?BOOKING_TOKEN not set}"
: "${SMS_TOKEN:?SMS_TOKEN not set}"

log() { printf '%s [booking] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

mkdir -p "$STATE_DIR" "$SHEET_DIR"
SEEN="$STATE_DIR/seen_ids"
touch "$SEEN"

fetch_bookings() {
    local since
    since=$(cat "$STATE_DIR/last_poll" 2>/dev/null || date -u -d '1 day ago' +%Y-%m-%dT%H:%M:%SZ)
    curl "${CURL_OPTS[@]}" \
        -H "Authorization: Bearer $BOOKING_TOKEN" \
        "$BOOKING_API/bookings?since=$since&status=confirmed"
}

append_sheet() {
    local id="$1" slot="$2" name="$3" party="$4"
    local sheet="$SHEET_DIR/$(date +%Y-%m-%d).csv"
    [[ -f "$sheet" ]] || echo "booking_id,slot,name,party" > "$sheet"
    printf '%s,%s,"%s",%s\n' "$id" "$slot" "${name//\"/}" "$party" >> "$sheet"
}

send_confirmation() {
    local phone="$1" name="$2" slot="$3"
    local body
    body=$(jq -n --arg to "$phone" --arg n "$name" --arg s "$slot" \
        '{to: $to, from: "CiderBarn", text: "Hi \($n), your tasting is booked for \($s). Ask for the cellar door at the barn."}')
    curl "${CURL_OPTS[@]}" -X POST \
        -H "Authorization: Bearer $SMS_TOKEN" -H 'Content-Type: application/json' \
        --data "$body" "$SMS_API" >/dev/null
}

main() {
    local json count=0
    if ! json=$(fetch_bookings); then
        log "booking API unreachable, will retry next run"
        exit 0
    fi
    while IFS=$'\t' read -r id slot name party phone; do
        grep -qx "$id" "$SEEN" && continue
        append_sheet "$id" "$slot" "$name" "$party"
        if [[ -n "$phone" ]]; then
            send_confirmation "$phone" "$name" "$slot" || log "SMS to $id failed"
        fi
        echo "$id" >> "$SEEN"
        count=$((count + 1))
    done < <(jq -r '.bookings[] | [.id, .slot, .name, (.party|tostring), (.phone // "")] | @tsv' <<<"$json")
    date -u +%Y-%m-%dT%H:%M:%SZ > "$STATE_DIR/last_poll"
    log "$count new bookings"
}

main "$@"
