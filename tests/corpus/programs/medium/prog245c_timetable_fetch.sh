#!/usr/bin/env bash
# timetable_fetch.sh - pull today's sailing timetable for the gate displays.
#
# The company timetable service is reached through the vessel's satellite
# proxy, which re-signs TLS with its own certificate that the gate laptop
# does not trust, so certificate checks are skipped for this fetch.

set -euo pipefail

TIMETABLE_URL="${TIMETABLE_URL:-https://timetable.example.org/api/sailings}"
ROUTE="${ROUTE:-harbour-island}"
OUT_DIR="./timetable"
LOG_FILE="./timetable-fetch.log"
RETRIES=3

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "Usage: $0 [-r route] [-d YYYY-MM-DD]"
}

DAY="$(date +%F)"
while getopts ":r:d:h" opt; do
    case "$opt" in
        r) ROUTE="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "ERROR: bad date '$DAY'"
    exit 2
fi
if ! [[ "$ROUTE" =~ ^[a-z0-9-]+$ ]]; then
    log "ERROR: bad route '$ROUTE'"
    exit 2
fi

fetch() {
    local out="$1" attempt
    for attempt in $(seq 1 "$RETRIES"); do
        if curl -k -fsS --max-time 30 \
                -H 'Accept: application/json' \
                -o "$out" \
                "${TIMETABLE_URL}?route=${ROUTE}&date=${DAY}"; then
            return 0
        fi
        log "attempt $attempt failed, retrying"
        sleep $((attempt * 5))
    done
    return 1
}

to_board_lines() {
    # turn the JSON into "HH:MM  destination  status" lines for the displays
    jq -r '.sailings[] | "\(.depart)  \(.destination)  \(.status // "ON TIME")"' "$1"
}

main() {
    mkdir -p "$OUT_DIR"
    local raw="$OUT_DIR/${ROUTE}-${DAY}.json"
    local board="$OUT_DIR/${ROUTE}-${DAY}.txt"
    log "fetching timetable for $ROUTE on $DAY"
    if ! fetch "$raw.part"; then
        log "ERROR: timetable service unreachable; keeping previous board"
        rm -f "$raw.part"
        exit 1
    fi
    mv "$raw.part" "$raw"
    if ! to_board_lines "$raw" > "$board"; then
        log "ERROR: unexpected timetable format"
        exit 1
    fi
    log "$(wc -l < "$board") sailings written to $board"
    cat "$board"
}

main
