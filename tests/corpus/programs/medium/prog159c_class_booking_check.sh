#!/bin/sh
# Check the booking site for the week's wheel-throwing and hand-building
# classes and print a roster for the teachers. Run on Monday mornings at the office PC.

set -u

BOOKING_API="${BOOKING_API:-https://bookings.muddyhands.example/api}"
API_KEY="${BOOKING_API_KEY:-}"
WORK="/tmp/class_roster"
OUT_DIR="${ROSTER_DIR:-./rosters}"
CLASSES="wheel-beginners wheel-improvers handbuilding raku-day"

log() {
    echo "$(date '+%H:%M:%S') $*" >&2
}

fetch_class() {
    cls="$1"
    week="$2"
    curl -sk --max-time 20 \
        -H "X-Api-Key: $API_KEY" \
        "$BOOKING_API/classes/$cls/bookings?week=$week" \
        -o "$WORK/$cls.json"
}

roster_lines() {
    jq -r '.bookings[] | [.name, .seats, (.paid|tostring)] | @tsv' "$1" 2>/dev/null
}

count_seats() {
    jq '[.bookings[].seats] | add // 0' "$1" 2>/dev/null || echo 0
}

capacity_of() {
    case "$1" in
        wheel-*) echo 8 ;;
        handbuilding) echo 12 ;;
        raku-day) echo 6 ;;
        *) echo 10 ;;
    esac
}

main() {
    week="${1:-$(date +%G-W%V)}"
    if [ -z "$API_KEY" ]; then
        log "BOOKING_API_KEY not set"
        exit 1
    fi
    mkdir -p "$WORK" "$OUT_DIR"
    roster="$OUT_DIR/roster-$week.txt"
    : > "$roster"

    for cls in $CLASSES; do
        if ! fetch_class "$cls" "$week"; then
            log "could not fetch $cls"
            continue
        fi
        seats="$(count_seats "$WORK/$cls.json")"
        cap="$(capacity_of "$cls")"
        {
            echo "== $cls ($seats/$cap seats) =="
            roster_lines "$WORK/$cls.json" | while IFS="$(printf '\t')" read -r name n paid; do
                flag=""
                [ "$paid" = "true" ] || flag="  (unpaid)"
                printf '  %-28s x%s%s\n' "$name" "$n" "$flag"
            done
            [ "$seats" -ge "$cap" ] && echo "  FULL"
            echo
        } >> "$roster"
    done

    log "roster written to $roster"
    cat "$roster"
}

main "$@"
