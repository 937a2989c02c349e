#!/usr/bin/env bash
# cadvisor_launch.sh - start cAdvisor for container metrics on this node.
# Re-creates the container if the image tag changed.
set -euo pipefail

NAME="${CADVISOR_NAME:-cadvisor}"
IMAGE="${CADVISOR_IMAGE:-gcr.io/cadvisor/cadvisor}"
TAG="${CADVISOR_TAG:-v0.49.1}"
PORT="${CADVISOR_PORT:-8080}"
HOUSEKEEPING="${CADVISOR_HOUSEKEEPING:-15s}"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

command -v docker >/dev/null || fail "docker CLI not installed"
docker info >/dev/null 2>&1 || fail "cannot talk to the docker daemon"

current_image() {
    docker inspect --format '{{.Config.Image}}' "$NAME" 2>/dev/null || true
}

remove_existing() {
    if docker ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
        info "removing old $NAME container"
        docker rm -f "$NAME" >/dev/null
    fi
}

start() {
    info "pulling $IMAGE:$TAG"
    docker pull "$IMAGE:$TAG" >/dev/null
    info "starting $NAME on port $PORT"
    docker run -d \
        --name "$NAME" \
        --privileged \
        --device /dev/kmsg \
        --volume /:/rootfs:ro \
        --volume /var/run:/var/run:ro \
        --volume /sys:/sys:ro \
        --volume /var/lib/docker/:/var/lib/docker:ro \
        --volume /dev/disk/:/dev/disk:ro \
        --publish "127.0.0.1:${PORT}:8080" \
        "$IMAGE:$TAG" \
        --housekeeping_interval="$HOUSEKEEPING" \
        --docker_only=true >/dev/null
}

wait_ready() {
    local i
    for i in $(seq 1 20); do
        if curl -fs "http://127.0.0.1:${PORT}/healthz" >/dev/null; then
            info "cAdvisor healthy after ${i}s"
            return 0
        fi
        sleep 1
    done
    fail "cAdvisor did not become healthy; see: docker logs $NAME"
}

want="$IMAGE:$TAG"
have="$(current_image)"
if [[ "$have" == "$want" ]] && docker ps --format '{{.Names}}' | grep -qx "$NAME"; then
    info "$NAME already running $want"
else
    remove_existing
    start
fi
wait_ready
