#!/bin/sh
# door_relay_gpio.sh - release a rehearsal room door strike for a booked band.
#
# The keypad daemon calls this with the room and the code the band typed.
# The code is checked against the booking API; if the booking is live (or
# starts within the grace window) the relay on the room's GPIO line is pulsed
# to release the strike.
#
# Usage: door_relay_gpio.sh ROOM CODE
# Config: ./door_relay.conf (ROOM_<name>_GPIO=17, API_URL, PULSE_SECONDS, GRACE_MIN)

set -eu

CONF="${DOOR_RELAY_CONF:-./door_relay.conf}"
API_URL="https://bookings.jamspace.example/api/v1"
PULSE_SECONDS=4
GRACE_MIN=10
ACTIVE_LOW=1
GPIO_ROOT="/sys/class/gpio"
AUDIT="./door_audit.log"

[ -f "$CONF" ] && . "$CONF"

audit() {
    printf '%s room=%s result=%s %s\n' "$(date -u '+%FT%TZ')" "$ROOM" "$1" "${2:-}" >>"$AUDIT"
}

die() { echo "door_relay: $*" >&2; audit error "$*"; exit 1; }

[ $# -eq 2 ] || die "usage: $0 ROOM CODE"
ROOM="$1"
CODE="$2"

case "$CODE" in
    *[!0-9]*|"") die "code must be digits" ;;
esac

pin_for_room() {
    eval "echo \${ROOM_${1}_GPIO:-}"
}

PIN="$(pin_for_room "$ROOM")"
[ -n "$PIN" ] || die "no GPIO configured for room $ROOM"

check_booking() {
    resp="$(curl -fsS --max-time 6 \
        -H "X-Door-Key: ${DOOR_API_KEY:-}" \
        "${API_URL}/rooms/${ROOM}/access?code=${CODE}&grace=${GRACE_MIN}")" || return 2
    case "$resp" in
        *'"allowed":true'*) return 0 ;;
        *) return 1 ;;
    esac
}

gpio_prepare() {
    line="$GPIO_ROOT/gpio$PIN"
    if [ ! -d "$line" ]; then
        echo "$PIN" >"$GPIO_ROOT/export"
        i=0
        while [ ! -w "$line/direction" ] && [ $i -lt 20 ]; do
            sleep 0.05
            i=$((i + 1))
        done
    fi
    echo out >"$line/direction"
    echo "$ACTIVE_LOW" >"$line/active_low"
}

gpio_set() {
    echo "$1" >"$GPIO_ROOT/gpio$PIN/value"
}

pulse_relay() {
    gpio_prepare
    trap 'gpio_set 0' EXIT INT TERM
    gpio_set 1
    sleep "$PULSE_SECONDS"
    gpio_set 0
    trap - EXIT INT TERM
}

if check_booking; then
    pulse_relay
    audit open "pin=$PIN"
    echo "door released"
else
    rc=$?
    if [ "$rc" -eq 2 ]; then
        audit api-unreachable
        die "booking API unreachable"
    fi
    audit denied "code=$CODE"
    echo "no live booking for that code" >&2
    exit 3
fi
