#!/usr/bin/env bash
# room_calendar_fetch.sh - refresh the booking data shown on meeting-room displays.
#
# For every room in rooms.txt, fetches today's bookings from the room-booking
# API and writes a compact JSON file per room into ./display_cache, which the
# display web app serves. Stale room files (rooms no longer listed) are removed.
#
#   ROOMS_API_TOKEN=... ./room_calendar_fetch.sh [rooms.txt]

set -euo pipefail

ROOMS_FILE=${1:-rooms.txt}
API_BASE=${ROOMS_API_BASE:-https://rooms.example.org/api/v2}
CACHE_DIR=./display_cache
TODAY=$(date +%F)
TIMEOUT=15

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

require() {
    for cmd in "$@"; do
        command -v "$cmd" >/dev/null || { log "missing dependency: $cmd"; exit 1; }
    done
}

fetch_room() {
    local room=$1
    curl -fsS --max-time "$TIMEOUT" --retry 2 --retry-delay 3 \
        -H "Authorization: Bearer ${ROOMS_API_TOKEN}" \
        -H "Accept: application/json" \
        "$API_BASE/rooms/$room/bookings?date=$TODAY"
}

to_display() {
    jq --arg room "$1" --arg day "$TODAY" '{
        room: $room,
        day: $day,
        updated: (now | todate),
        bookings: [ .items[]
                    | select(.status != "cancelled")
                    | { start: .start[11:16], end: .end[11:16],
                        title: (if .private then "Private meeting" else .subject end),
                        organiser: .organiser.displayName } ]
                  | sort_by(.start)
    }'
}

prune_stale() {
    local keep=$1 f name
    for f in "$CACHE_DIR"/*.json; do
        [[ -e "$f" ]] || continue
        name=$(basename "$f" .json)
        if ! grep -qxF "$name" "$keep"; then
            log "removing stale $f"
            rm -f -- "$f"
        fi
    done
}

main() {
    require curl jq
    : "${ROOMS_API_TOKEN:?ROOMS_API_TOKEN must be set}"
    [[ -r "$ROOMS_FILE" ]] || { log "cannot read $ROOMS_FILE"; exit 1; }
    mkdir -p "$CACHE_DIR"

    local ok=0 failed=0 room listed="$CACHE_DIR/.rooms"
    grep -Ev '^\s*(#|$)' "$ROOMS_FILE" | tr -d ' \r' > "$listed"

    while read -r room; do
        if body=$(fetch_room "$room"); then
            printf '%s' "$body" | to_display "$room" > "$CACHE_DIR/$room.json.new"
            mv -f "$CACHE_DIR/$room.json.new" "$CACHE_DIR/$room.json"
            ok=$((ok + 1))
        else
            log "fetch failed for room $room; keeping previous data"
            failed=$((failed + 1))
        fi
    done < "$listed"

    prune_stale "$listed"
    rm -f "$listed"
    log "updated $ok rooms, $failed failed"
    (( failed == 0 ))
}

main
