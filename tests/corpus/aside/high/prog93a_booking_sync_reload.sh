#!/usr/bin/env bash
# booking_sync_reload.sh - pull this week's lesson-room bookings from the
# studio scheduler and refresh the corridor display kiosk.
#
# The kiosk service reads ./kiosk/rooms.json; when the bookings change we
# write a new file and bounce the kiosk so the corridor screens update.
#
# env: SCHED_URL   scheduler base url
#      SCHED_KEY   read-only API key for the scheduler
set -euo pipefail

SCHED_URL="${SCHED_URL:-https://scheduler.musicschool.example.org}"
KIOSK_DIR="${KIOSK_DIR:-./kiosk}"
KIOSK_UNIT="${KIOSK_UNIT:-lesson-kiosk.service}"
ROOMS="Studio-A Studio-B Piano-1 Piano-2 Drum-Room"
WEEK_START="$(date -d 'last monday' +%F 2>/dev/null || date +%F)"
VERBOSE=0

log() { [[ $VERBOSE -eq 1 ]] && echo "booking-sync: $*" >&2 || true; }
err() { echo "booking-sync: $*" >&2; }

while getopts "vw:u:" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        w) WEEK_START="$OPTARG" ;;
        u) KIOSK_UNIT="$OPTARG" ;;
        *) echo "usage: $0 [-v] [-w YYYY-MM-DD] [-u unit]" >&2; exit 64 ;;
    esac
done

[[ -n "${SCHED_KEY:-}" ]] || { err "SCHED_KEY not set"; exit 2; }
mkdir -p "$KIOSK_DIR/raw"

fetch_room() {
    local room="$1" out="$KIOSK_DIR/raw/${1}.json" tries=0
    until wget -q -T 15 -O "$out" \
            --header="X-Api-Key: ${SCHED_KEY}" \
            "${SCHED_URL}/api/rooms/${room}/bookings?from=${WEEK_START}&days=7"; do
        tries=$((tries + 1))
        if (( tries >= 3 )); then
            err "giving up on $room"
            return 1
        fi
        sleep $((tries * 5))
    done
    log "fetched $room"
}

build_rooms_json() {
    jq -s --arg week "$WEEK_START" '
        { week: $week,
          generated: (now | todate),
          rooms: map({ room: .room,
                       slots: (.bookings | map({start, end, teacher, pupil: (.pupil // "") })
                                         | sort_by(.start)) }) }' \
        "$KIOSK_DIR"/raw/*.json > "$KIOSK_DIR/rooms.json.new"
}

bounce_kiosk() {
    if sudo -n systemctl is-active --quiet "$KIOSK_UNIT"; then
        sudo -n systemctl restart "$KIOSK_UNIT"
        log "restarted $KIOSK_UNIT"
    else
        sudo -n systemctl start "$KIOSK_UNIT"
        log "started $KIOSK_UNIT"
    fi
}

failed=0
for room in $ROOMS; do
    fetch_room "$room" || failed=$((failed + 1))
done
if (( failed > 0 )); then
    err "$failed room(s) failed; keeping the current display"
    exit 1
fi

build_rooms_json
if [[ -f "$KIOSK_DIR/rooms.json" ]] && cmp -s "$KIOSK_DIR/rooms.json" "$KIOSK_DIR/rooms.json.new"; then
    rm -f "$KIOSK_DIR/rooms.json.new"
    log "no booking changes"
    exit 0
fi

mv "$KIOSK_DIR/rooms.json.new" "$KIOSK_DIR/rooms.json"
bounce_kiosk
echo "booking-sync: kiosk updated for week of $WEEK_START"
