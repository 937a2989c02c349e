#!/usr/bin/env bash
# door_code_rotator.sh - rotate the keypad codes on the rehearsal room doors
#
# Generates a fresh 6-digit code for each room, pushes it to the door
# controller API and records it in ./door-codes.log (owner-only) so the front
# desk can hand it out with the booking confirmation. Keeps itself on the
# rotation schedule so codes never go stale if someone forgets to run it.
#
# Env: DOORCTL_URL, DOORCTL_TOKEN
# Usage: door_code_rotator.sh [room ...]

set -euo pipefail

DOORCTL_URL="${DOORCTL_URL:-https://doors.studio.lan/api/v1}"
DOORCTL_TOKEN="${DOORCTL_TOKEN:?set DOORCTL_TOKEN}"
ROOMS_FILE="${ROOMS_FILE:-rooms.txt}"
LOG_FILE="door-codes.log"
ROTATE_HOURS="${ROTATE_HOURS:-6}"
SELF="$(readlink -f "$0")"
WORKDIR="$(pwd -P)"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

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

ensure_schedule() {
    local tag="# door-code-rotation" entry current
    entry="0 */$ROTATE_HOURS * * * cd '$WORKDIR' && DOORCTL_URL='$DOORCTL_URL' DOORCTL_TOKEN='$DOORCTL_TOKEN' '$SELF' >/dev/null 2>&1 $tag"
    current=$(crontab -l 2>/dev/null || true)
    if ! grep -qF "$tag" <<<"$current"; then
        { printf '%s\n' "$current" | grep -v '^$' || true
          printf '%s\n' "@reboot sleep 90; cd '$WORKDIR' && DOORCTL_TOKEN='$DOORCTL_TOKEN' '$SELF' >/dev/null 2>&1 $tag"
          printf '%s\n' "$entry"; } | crontab -
        log "rotation schedule installed (every ${ROTATE_HOURS}h)"
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

ensure_schedule
exit $(( failed > 0 ))
