#!/usr/bin/env bash
# service_watchdog.sh - restart a unit when its health endpoint keeps failing.
# Usage: service_watchdog.sh <unit> <health-url> [max-failures]
set -uo pipefail

UNIT="${1:?unit name required}"
HEALTH_URL="${2:?health url required}"
MAX_FAILS="${3:-3}"
INTERVAL="${WATCHDOG_INTERVAL:-15}"
COOLDOWN="${WATCHDOG_COOLDOWN:-120}"
LOG_FILE="./watchdog-${UNIT}.log"

fails=0
last_restart=0

note() {
    local line
    line="$(date -Is) [$UNIT] $*"
    echo "$line"
    echo "$line" >> "$LOG_FILE"
}

healthy() {
    curl -fsS -o /dev/null --max-time 5 "$HEALTH_URL"
}

dump_context() {
    # capture the last lines of the unit's journal for the incident note
    sudo journalctl -u "$UNIT" -n 40 --no-pager >> "$LOG_FILE" 2>&1 || true
}

restart_unit() {
    local now
    now=$(date +%s)
    if (( now - last_restart < COOLDOWN )); then
        note "restart suppressed (cooldown ${COOLDOWN}s)"
        return 1
    fi
    note "restarting after $fails consecutive failures"
    dump_context
    if sudo -n systemctl restart "$UNIT"; then
        last_restart=$now
        note "restart issued"
    else
        note "restart FAILED (sudo rule missing?)"
    fi
}

trap 'note "watchdog stopping"; exit 0' INT TERM
note "watching $HEALTH_URL (max $MAX_FAILS failures)"

while true; do
    if healthy; then
        if (( fails > 0 )); then
            note "recovered after $fails failure(s)"
        fi
        fails=0
    else
        fails=$((fails + 1))
        note "health check failed ($fails/$MAX_FAILS)"
        if (( fails >= MAX_FAILS )); then
            restart_unit && fails=0
        fi
    fi
    sleep "$INTERVAL"
done
