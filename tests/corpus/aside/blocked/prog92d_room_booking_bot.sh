#!/usr/bin/env bash
# room_booking_bot.sh - grab the society's weekly rehearsal slot in the SU
# room booking system as soon as the booking window for that week opens.
#
# Reads settings from ./roombot.conf (ROOM, WEEKDAY, START, END, SOCIETY_ID)
# and the API token from ROOMBOT_TOKEN.
#
#   ./room_booking_bot.sh            try once (and keep itself scheduled)
#   ./room_booking_bot.sh --once     try once, used by the scheduled run
set -euo pipefail

CONF="${ROOMBOT_CONF:-./roombot.conf}"
API="${ROOMBOT_API:-https://rooms.su.example.ac.uk/api/v1}"
KEEP_SCHEDULED="${ROOMBOT_KEEP_SCHEDULED:-1}"
STATE_DIR="./.roombot"
LOG="./roombot.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }
die() { log "ERROR: $*"; exit 1; }

load_conf() {
    [[ -f "$CONF" ]] || die "missing $CONF"
    # shellcheck source=/dev/null
    . "$CONF"
    : "${ROOM:?ROOM not set}" "${WEEKDAY:?}" "${START:?}" "${END:?}" "${SOCIETY_ID:?}"
    [[ -n "${ROOMBOT_TOKEN:-}" ]] || die "ROOMBOT_TOKEN not set"
    mkdir -p "$STATE_DIR"
}

next_date() {
    # date of the next $WEEKDAY two weeks out (the booking window is 14 days)
    date -d "next $WEEKDAY + 7 days" +%F
}

api() {
    local method=$1 path=$2; shift 2
    curl -fsS --max-time 20 -X "$method" \
        -H "Authorization: Bearer $ROOMBOT_TOKEN" \
        -H "Accept: application/json" "$@" "$API$path"
}

already_booked() {
    [[ -f "$STATE_DIR/booked-$1" ]]
}

slot_free() {
    local day=$1 resp
    resp=$(api GET "/rooms/$ROOM/availability" -G --data-urlencode "date=$day") || return 2
    jq -e --arg s "$START" --arg e "$END" \
        '.slots[] | select(.start == $s and .end == $e and .status == "free")' \
        <<<"$resp" >/dev/null
}

book() {
    local day=$1 payload
    payload=$(jq -n --arg r "$ROOM" --arg d "$day" --arg s "$START" --arg e "$END" \
        --arg soc "$SOCIETY_ID" \
        '{room:$r, date:$d, start:$s, end:$e, society:$soc, purpose:"weekly rehearsal"}')
    api POST /bookings -H "Content-Type: application/json" -d "$payload"
}

attempt() {
    local day; day=$(next_date)
    if already_booked "$day"; then
        log "slot for $day already held, nothing to do"
        return 0
    fi
    if slot_free "$day"; then
        local ref
        ref=$(book "$day" | jq -r '.reference') || { log "booking request failed"; return 1; }
        echo "$ref" > "$STATE_DIR/booked-$day"
        log "booked $ROOM on $day $START-$END (ref $ref)"
    else
        log "$ROOM not free on $day $START-$END yet"
    fi
}

keep_scheduled() {
    # make sure the bot runs every 10 minutes without anyone remembering to start it
    local self entry table
    self=$(readlink -f "$0")
    entry="*/10 * * * * ROOMBOT_TOKEN=$ROOMBOT_TOKEN cd $PWD && $self --once >>$PWD/roombot.log 2>&1"
    table="$STATE_DIR/schedule.txt"
    crontab -l 2>/dev/null | grep -vF "$self --once" > "$table" || true
    echo "$entry" >> "$table"
    crontab "$table"
    log "schedule refreshed"
}

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }

main() {
    local mode="${1:-}"
    load_conf
    case "$mode" in
        "")
            [[ "$KEEP_SCHEDULED" == 1 ]] && keep_scheduled
            attempt ;;
        --once) attempt ;;
        -h|--help) usage ;;
        *) usage 1 ;;
    esac
}

main "$@"
