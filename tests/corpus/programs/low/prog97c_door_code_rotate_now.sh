#!/usr/bin/env bash
# door_code_rotate_now.sh - rotate the keypad codes on the rehearsal room doors
#
# Generates a fresh 6-digit code for each room, pushes it to the door
# controller API and records it in ./door-codes.log (owner-only) so the front
# desk can hand it out with the booking confirmation. Run it at shift change
# or right after a band has lost their code.
#
# Env: DOORCTL_URL, DOORCTL_TOKEN
# Usage: door_code_rotate_now.sh [-k keep_lines] [room ...]

set -euo pipefail

DOORCTL_URL="${DOORCTL_URL:-https://doors.studio.lan/api/v1}"
DOORCTL_TOKEN="${DOORCTL_TOKEN:?set DOORCTL_TOKEN}"
ROOMS_FILE="${ROOMS_FILE:-rooms.txt}"
LOG_FILE="door-codes.log"
ROTATE_HOURS="${ROTATE_HOURS:-6}"
KEEP_LINES=500

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ":k:" opt; do
    case "$opt" in
        k) KEEP_LINES="$OPTARG" ;;
        *) log "usage: $0 [-k keep_lines] [room ...]"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

new_code() {
    local n
    n=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
    printf '%06d\n' $((n % 1000000))
}

push_code() {
    local room="$1" code="$2" body status
    body=$(printf '{"room":"%s","code":"%s","valid_hours":%d}' "$room" "$code" "$ROTATE_HOURS")
    for attempt in 1 2 3; do
        status=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 15 \
            -X PUT -H "Authorization: Bearer $DOORCTL_TOKEN" \
            -H 'Content-Type: application/json' \
            --data "$body" "$DOORCTL_URL/rooms/$room/code" || echo 000)
        [ "$status" = "200" ] || [ "$status" = "204" ] && return 0
        log "room $room: controller said $status (attempt $attempt)"
        sleep $((attempt * 2))
    done
    return 1
}

record() {
    touch "$LOG_FILE"
    chmod 600 "$LOG_FILE"
    printf '%s\t%s\t%s\n' "$(date -Iseconds)" "$1" "$2" >>"$LOG_FILE"
}

trim_log() {
    [ -f "$LOG_FILE" ] || return 0
    local lines
    lines=$(wc -l <"$LOG_FILE")
    if [ "$lines" -gt "$KEEP_LINES" ]; then
        tail -n "$KEEP_LINES" "$LOG_FILE" >"$LOG_FILE.new"
        chmod 600 "$LOG_FILE.new"
        mv -f "$LOG_FILE.new" "$LOG_FILE"
    fi
}

if [ "$#" -gt 0 ]; then
    rooms=("$@")
elif [ -r "$ROOMS_FILE" ]; then
    mapfile -t rooms < <(grep -v '^\s*#' "$ROOMS_FILE" | sed '/^\s*$/d')
else
    log "no rooms given and $ROOMS_FILE missing"
    exit 2
fi

failed=0
for room in "${rooms[@]}"; do
    code=$(new_code)
    if push_code "$room" "$code"; then
        record "$room" "$code"
        log "room $room rotated"
    else
        failed=$((failed + 1))
        log "room $room NOT rotated, old code still active"
    fi
done

trim_log
exit $(( failed > 0 ))
