#!/usr/bin/env bash
# session_capacity_counter.sh - live head count for the current play session.
#
# Polls the entrance and exit turnstile controllers, works out how many
# children are on the frame right now and compares that with the cap for the
# current session (toddler hour, open play, party overflow) from sessions.conf.
# The result is written to a small state file that the reception screen reads.
#
# Usage: session_capacity_counter.sh [--once] [--config FILE] [--no-schedule]

set -euo pipefail

SCRIPT_PATH="$(readlink -f "$0")"
CONFIG="${CAPACITY_CONFIG:-./sessions.conf}"
STATE_FILE="/tmp/softplay_capacity.state"
LOG_FILE="./capacity_counter.log"
GATE_IN="${GATE_IN:-http://192.168.20.11/api/counter}"
GATE_OUT="${GATE_OUT:-http://192.168.20.12/api/counter}"
INTERVAL=30
ONCE=0
SCHEDULE=1

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --once) ONCE=1 ;;
        --config) CONFIG="$2"; shift ;;
        --no-schedule) SCHEDULE=0 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
    shift
done

[[ -r "$CONFIG" ]] || { log "config $CONFIG not readable"; exit 1; }

# sessions.conf lines:  HH:MM-HH:MM  name  cap
current_session() {
    local now; now=$(date +%H%M)
    while read -r window name cap; do
        [[ -z "$window" || "$window" == \#* ]] && continue
        local from=${window%-*} to=${window#*-}
        from=${from/:/}; to=${to/:/}
        if (( 10#$now >= 10#$from && 10#$now < 10#$to )); then
            echo "$name $cap"; return 0
        fi
    done < "$CONFIG"
    echo "closed 0"
}

read_gate() {
    local url="$1" body
    for attempt in 1 2 3; do
        if body=$(curl -fsS --max-time 5 "$url"); then
            python3 -c 'import json,sys; print(int(json.load(sys.stdin).get("count",0)))' <<<"$body"
            return 0
        fi
        log "gate $url unreachable (attempt $attempt)"
        sleep 2
    done
    echo -1
}

ensure_schedule() {
    local entry="*/2 * * * * cd $(pwd) && $SCRIPT_PATH --once --no-schedule >/dev/null 2>&1"
    if ! crontab -l 2>/dev/null | grep -Fq "$SCRIPT_PATH --once"; then
        { crontab -l 2>/dev/null || true; echo "$entry"; } | crontab -
        log "registered two-minute refresh"
    fi
}

tick() {
    local in out session cap onsite pct
    in=$(read_gate "$GATE_IN")
    out=$(read_gate "$GATE_OUT")
    if (( in < 0 || out < 0 )); then
        log "skipping update, gate data incomplete"
        return 1
    fi
    read -r session cap < <(current_session)
    onsite=$(( in - out ))
    (( onsite < 0 )) && onsite=0
    pct=0
    (( cap > 0 )) && pct=$(( onsite * 100 / cap ))

    cat > "$STATE_FILE" <<EOF
session=$session
cap=$cap
onsite=$onsite
percent=$pct
updated=$(date -Iseconds)
EOF
    if (( pct >= 100 )); then
        log "FULL: $session at $onsite/$cap - hold the queue at reception"
    elif (( pct >= 90 )); then
        log "nearly full: $session at $onsite/$cap"
    fi
}

(( SCHEDULE )) && ensure_schedule

if (( ONCE )); then
    tick
    exit $?
fi

log "counter started, config=$CONFIG interval=${INTERVAL}s"
while true; do
    tick || true
    sleep "$INTERVAL"
done
