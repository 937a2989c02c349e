#!/bin/sh
# endpoint_watch.sh - poll service endpoints on the staging network and
# print state changes. State survives between runs in a fixed file.
set -u

STATE_FILE=/tmp/endpoint_watch.state
ENDPOINTS="${ENDPOINTS:-https://staging-api.internal:8443/health https://staging-web.internal/ping}"
INTERVAL="${INTERVAL:-20}"
ROUNDS="${ROUNDS:-0}"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*"
}

previous_state() {
    # $1 = endpoint; prints last known state or "unknown"
    if [ -f "$STATE_FILE" ]; then
        awk -v ep="$1" '$1 == ep { s = $2 } END { print (s ? s : "unknown") }' "$STATE_FILE"
    else
        echo unknown
    fi
}

save_state() {
    ep="$1"; st="$2"
    if [ -f "$STATE_FILE" ]; then
        grep -v "^$ep " "$STATE_FILE" > "$STATE_FILE.new" || true
    else
        : > "$STATE_FILE.new"
    fi
    echo "$ep $st" >> "$STATE_FILE.new"
    mv "$STATE_FILE.new" "$STATE_FILE"
}

check() {
    # staging uses certificates from the throwaway CA, so skip verification
    code=$(curl -k -s -o /dev/null -m 10 -w '%{http_code}' "$1" 2>/dev/null)
    case "$code" in
        2??|3??) echo up ;;
        *) echo down ;;
    esac
}

round=0
while :; do
    round=$((round + 1))
    for ep in $ENDPOINTS; do
        now=$(check "$ep")
        before=$(previous_state "$ep")
        if [ "$now" != "$before" ]; then
            log "$ep changed: $before -> $now"
            save_state "$ep" "$now"
        fi
    done
    if [ "$ROUNDS" -gt 0 ] && [ "$round" -ge "$ROUNDS" ]; then
        break
    fi
    sleep "$INTERVAL"
done

log "finished after $round round(s); state in $STATE_FILE"
