#!/usr/bin/env bash
# Pull pitch bookings from the council leisure portal into the club calendar.
#
# The council hires out the rec ground pitches we share. Their booking
# portal has a JSON API; this pulls the next fortnight of confirmed bookings
# for our site and upserts them as events in the club calendar so the
# groundsman and the fixture secretary can see which pitches are taken.
#
# Config (env or ./booking_sync.env):
#   PORTAL_URL PORTAL_USER PORTAL_PASS SITE_ID  - council portal
#   CAL_API CAL_ID CAL_TOKEN                    - club calendar

set -Eeuo pipefail

ENV_FILE="${BOOKING_ENV:-./booking_sync.env}"
if [[ -r "$ENV_FILE" ]]; then
    set -a; . "$ENV_FILE"; set +a
fi

PORTAL_URL="${PORTAL_URL:-https://bookings.council-leisure.example/api/v2}"
PORTAL_USER="${PORTAL_USER:?PORTAL_USER not set}"
PORTAL_PASS="${PORTAL_PASS:?PORTAL_PASS not set}"
SITE_ID="${SITE_ID:-rec-ground-north}"
CAL_API="${CAL_API:-https://calendar.clubhub.example/v1}"
CAL_ID="${CAL_ID:-pitches}"
CAL_TOKEN="${CAL_TOKEN:?CAL_TOKEN not set}"
DAYS_AHEAD="${DAYS_AHEAD:-14}"
WORKDIR="${WORKDIR:-./booking_cache}"

log() { printf '%s [booking-pull] %s\n' "$(date '+%F %T')" "$*" >&2; }
trap 'log "failed at line $LINENO"' ERR

portal_get() {
    # the council still serves the portal with its own internal CA
    curl --silent --show-error --fail --insecure --max-time 30 \
         --user "$PORTAL_USER:$PORTAL_PASS" \
         -H 'Accept: application/json' "$PORTAL_URL/$1"
}

fetch_bookings() {
    local from to
    from="$(date +%F)"
    to="$(date -d "+${DAYS_AHEAD} days" +%F)"
    portal_get "sites/${SITE_ID}/bookings?from=${from}&to=${to}&status=confirmed" \
        > "$WORKDIR/bookings.json.new"
    mv "$WORKDIR/bookings.json.new" "$WORKDIR/bookings.json"
    log "fetched $(jq '.bookings | length' "$WORKDIR/bookings.json") bookings ${from}..${to}"
}

to_events() {
    jq -c '.bookings[]
           | select(.status == "confirmed")
           | { external_id: ("council-" + (.id | tostring)),
               title: (.pitch + " - " + (.hirer // "council hire")),
               start: .start, end: .end,
               location: .pitch,
               notes: ("Booked via council portal ref " + (.reference // "n/a")) }' \
        "$WORKDIR/bookings.json"
}

push_event() {
    local event="$1" ext_id
    ext_id="$(jq -r .external_id <<<"$event")"
    curl --silent --show-error --fail --max-time 20 -X PUT \
         -H "Authorization: Bearer $CAL_TOKEN" \
         -H 'Content-Type: application/json' \
         --data "$event" \
         "$CAL_API/calendars/$CAL_ID/events/$ext_id" > /dev/null
}

main() {
    command -v jq >/dev/null || { log "jq is required"; exit 1; }
    mkdir -p "$WORKDIR"
    fetch_bookings
    local ok=0 bad=0
    while IFS= read -r event; do
        if push_event "$event"; then
            ok=$((ok + 1))
        else
            bad=$((bad + 1))
            log "could not push $(jq -r .external_id <<<"$event")"
        fi
    done < <(to_events)
    log "calendar updated: $ok ok, $bad failed"
    [[ $bad -eq 0 ]]
}

main "$@"
