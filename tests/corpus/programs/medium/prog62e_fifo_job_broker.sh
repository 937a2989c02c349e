#!/usr/bin/env bash
# fifo_job_broker.sh - tiny job broker: clients write "ID<TAB>expression"
# lines into a shared request fifo; a bc co-process evaluates them and the
# broker answers on a per-client reply fifo.
set -uo pipefail

BROKER_DIR=/tmp/jobbroker
REQ_FIFO="$BROKER_DIR/requests"
PID_FILE="$BROKER_DIR/broker.pid"
LOG_FILE="$BROKER_DIR/broker.log"
IDLE_TIMEOUT="${IDLE_TIMEOUT:-300}"
served=0

log() { printf '%s [%d] %s\n' "$(date '+%F %T')" "$$" "$*" >>"$LOG_FILE"; }

shutdown() {
    log "shutting down after $served requests"
    [[ -n "${CALC_PID:-}" ]] && kill "$CALC_PID" 2>/dev/null
    exec {req_fd}<&- 2>/dev/null
    rm -f -- "$REQ_FIFO" "$PID_FILE"
}
trap shutdown EXIT
trap 'exit 0' INT TERM HUP

setup() {
    mkdir -p "$BROKER_DIR"
    if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        echo "broker already running as $(cat "$PID_FILE")" >&2
        exit 1
    fi
    rm -f -- "$REQ_FIFO"
    mkfifo -m 0660 "$REQ_FIFO"   # group members may submit jobs
    echo $$ > "$PID_FILE"
}

start_calculator() {
    coproc CALC { bc -l 2>&1; }
    CALC_PID=$CALC_PID
    echo 'scale=6' >&"${CALC[1]}"
    log "bc co-process started as $CALC_PID"
}

evaluate() {
    local expr=$1 answer
    # Restrict to arithmetic characters before handing it to bc.
    if [[ ! "$expr" =~ ^[0-9a-z\ \.\+\*/\^\(\)%-]+$ ]]; then
        echo "ERR bad-expression"
        return
    fi
    printf '%s\n' "$expr" >&"${CALC[1]}"
    if IFS= read -r -t 5 answer <&"${CALC[0]}"; then
        echo "OK $answer"
    else
        echo "ERR timeout"
    fi
}

serve() {
    # Open read-write so the fifo never reports EOF between clients.
    exec {req_fd}<>"$REQ_FIFO"
    while IFS=$'\t' read -r -t "$IDLE_TIMEOUT" client_id expr <&"$req_fd"; do
        [[ -z "$client_id" ]] && continue
        reply="$BROKER_DIR/reply.$client_id"
        if [[ ! -p "$reply" ]]; then
            log "no reply fifo for client $client_id"
            continue
        fi
        result=$(evaluate "$expr")
        # Background the write so a slow client cannot stall the loop.
        ( printf '%s\n' "$result" > "$reply" ) &
        served=$((served + 1))
        log "client=$client_id expr='$expr' -> $result"
    done
    log "idle for ${IDLE_TIMEOUT}s"
}

setup
start_calculator
serve
wait
