#!/usr/bin/env bash
# prep_dashboard_deploy.sh - build and (re)start the kitchen prep dashboard
# container on the back-office NUC. The dashboard shows the day's prep list,
# par levels and the fridge temperature feed on the line TVs.
#
# Usage: ./prep_dashboard_deploy.sh [-t tag] [-p port] [--no-build]

set -euo pipefail

IMAGE="bagelworks/prep-dashboard"
TAG="latest"
PORT=8088
BUILD=1
NAME="prep-dashboard"
ENV_FILE="./dashboard.env"
DATA_DIR="$(pwd)/data"

log() { printf '[deploy %s] %s\n' "$(date +%T)" "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -t) TAG="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done

command -v docker >/dev/null || { echo "docker not installed" >&2; exit 1; }
[[ -f "$ENV_FILE" ]] || { echo "missing $ENV_FILE (copy dashboard.env.example)" >&2; exit 1; }
mkdir -p "$DATA_DIR"

build_image() {
    log "building $IMAGE:$TAG"
    docker build --pull -t "$IMAGE:$TAG" \
        --build-arg GIT_SHA="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" .
}

stop_old() {
    if docker ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
        log "stopping existing $NAME"
        docker stop "$NAME" >/dev/null || true
        docker rm "$NAME" >/dev/null || true
    fi
}

# The dashboard reads the 1-wire bus and the label printer directly and
# restarts its sibling sync containers when they hang, so it needs the
# host devices and the engine socket.
run_args() {
    local -n _args=$1
    _args=(
        --name "$NAME"
        --restart unless-stopped
        --env-file "$ENV_FILE"
        -p "${PORT}:8080"
        -v "$DATA_DIR:/app/data"
        -v /sys/bus/w1:/sys/bus/w1:ro
        -v /var/run/docker.sock:/var/run/docker.sock
        --privileged
    )
}

start_new() {
    local args
    run_args args
    log "starting $NAME on port $PORT"
    docker run -d "${args[@]}" "$IMAGE:$TAG" >/dev/null
}

wait_healthy() {
    local i
    for i in $(seq 1 20); do
        if curl -fsS --max-time 2 "http://127.0.0.1:${PORT}/healthz" >/dev/null 2>&1; then
            log "dashboard healthy after ${i}s"
            return 0
        fi
        sleep 1
    done
    log "dashboard did not become healthy; recent logs:"
    docker logs --tail 30 "$NAME" || true
    return 1
}

[[ $BUILD -eq 1 ]] && build_image
stop_old
start_new
wait_healthy
docker image prune -f --filter "label=app=prep-dashboard" >/dev/null || true
log "done"
