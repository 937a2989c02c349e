#!/usr/bin/env bash
# check_slot_availability.sh - report free donation appointment slots per session.
#
# Queries the public booking API for each donor session listed in
# sessions.txt (one session id per line, # for comments) and writes a
# small availability table to ./out/availability.tsv. Used by the
# scheduling team each morning to decide which sessions to promote.
#
# Usage: ./check_slot_availability.sh [-f sessions.txt] [-d YYYY-MM-DD] [-t seconds]

set -euo pipefail

API_BASE="${BOOKING_API_BASE:-https://booking.example.com/api/v2}"
SESSIONS_FILE="sessions.txt"
DAY="$(date +%F)"
TIMEOUT=10
OUT_DIR="out"
LOG_FILE="${OUT_DIR}/availability.log"

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

log() {
    local level="$1"; shift
    printf '%s %s %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

while getopts ":f:d:t:h" opt; do
    case "$opt" in
        f) SESSIONS_FILE="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h|*) usage ;;
    esac
done

mkdir -p "$OUT_DIR"

if [[ ! -r "$SESSIONS_FILE" ]]; then
    log ERROR "sessions file '$SESSIONS_FILE' not readable"
    exit 2
fi

if ! command -v jq >/dev/null 2>&1; then
    log ERROR "jq is required"
    exit 2
fi

fetch_session() {
    # GET one session's slot list; prints the JSON body or nothing on failure.
    local session_id="$1"
    local url="${API_BASE}/sessions/${session_id}/slots?date=${DAY}"
    local body
    if ! body="$(curl --silent --show-error --fail --max-time "$TIMEOUT" \
                      -H 'Accept: application/json' "$url")"; then
        log WARN "request failed for session $session_id"
        return 1
    fi
    printf '%s' "$body"
}

summarise() {
    # Reads slot JSON on stdin, prints "free<TAB>total".
    jq -r '[.slots | length, (map(select(.booked == false)) | length)] | "\(.[1])\t\(.[0])"'
}

OUT_FILE="${OUT_DIR}/availability.tsv"
printf 'session\tdate\tfree\ttotal\n' > "$OUT_FILE"

checked=0
failed=0
low_sessions=()

while IFS= read -r line || [[ -n "$line" ]]; do
    session="${line%%#*}"
    session="$(echo "$session" | tr -d '[:space:]')"
    [[ -z "$session" ]] && continue
    checked=$((checked + 1))

    if ! json="$(fetch_session "$session")"; then
        failed=$((failed + 1))
        continue
    fi

    counts="$(printf '%s' "$json" | summarise)" || {
        log WARN "unexpected response shape for $session"
        failed=$((failed + 1))
        continue
    }
    free="${counts%%$'\t'*}"
    total="${counts##*$'\t'}"
    printf '%s\t%s\t%s\t%s\n' "$session" "$DAY" "$free" "$total" >> "$OUT_FILE"

    if (( total > 0 && free * 4 > total * 3 )); then
        low_sessions+=("$session")
    fi
done < "$SESSIONS_FILE"

log INFO "checked $checked sessions for $DAY ($failed failed)"
if (( ${#low_sessions[@]} > 0 )); then
    log INFO "under-booked sessions worth promoting: ${low_sessions[*]}"
fi
log INFO "table written to $OUT_FILE"
