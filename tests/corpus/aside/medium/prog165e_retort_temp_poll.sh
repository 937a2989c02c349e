#!/bin/sh
# Poll the retort controllers' web interface for chamber temperatures and
# append them to a CSV the office spreadsheet reads.
# The controllers use self-signed certificates from the vendor.

set -u

CONTROLLERS="${CONTROLLERS:-retort1.crematory.example retort2.crematory.example}"
READINGS="/tmp/retort_readings.csv"
LAST_RUN="/tmp/retort_poll.last"
INTERVAL="${INTERVAL:-60}"
STATUS_PATH="${STATUS_PATH:-/api/status.json}"

ensure_header() {
    if [ ! -s "$READINGS" ]; then
        echo "timestamp,controller,primary_c,secondary_c,state" > "$READINGS"
    fi
}

fetch_status() {
    host="$1"
    curl -sk --max-time 10 "https://$host$STATUS_PATH"
}

field() {
    # crude JSON field extraction; the controller returns a flat object
    printf '%s' "$1" | sed -n "s/.*\"$2\"[[:space:]]*:[[:space:]]*\"\{0,1\}\([^,\"}]*\).*/\1/p"
}

poll_once() {
    ts=$(date '+%Y-%m-%dT%H:%M:%S')
    for host in $CONTROLLERS; do
        body=$(fetch_status "$host")
        if [ -z "$body" ]; then
            echo "$ts,$host,,,unreachable" >> "$READINGS"
            continue
        fi
        primary=$(field "$body" primary_temp)
        secondary=$(field "$body" secondary_temp)
        state=$(field "$body" state)
        echo "$ts,$host,$primary,$secondary,$state" >> "$READINGS"
        if [ -n "$secondary" ] && [ "${secondary%.*}" -lt 850 ] && [ "$state" = "running" ]; then
            echo "WARNING: $host secondary chamber below 850C ($secondary)" >&2
        fi
    done
    echo "$ts" > "$LAST_RUN"
}

summary() {
    ensure_header
    echo "readings file: $READINGS"
    echo "last poll: $(cat "$LAST_RUN" 2>/dev/null || echo never)"
    tail -n 5 "$READINGS"
}

ensure_header
case "${1:-loop}" in
    once)
        poll_once
        ;;
    loop)
        while true; do
            poll_once
            sleep "$INTERVAL"
        done
        ;;
    summary)
        summary
        ;;
    *)
        echo "usage: $0 [once|loop|summary]" >&2
        exit 2
        ;;
esac
