#!/usr/bin/env sh
# devshell: drop into the project's dev container with the repo mounted.
#
#   ./devshell                 interactive shell
#   ./devshell make test       run a command inside
#   DEVSHELL_IMAGE=... ./devshell   use a different image
#
# The container can build and run sibling containers (integration tests
# use testcontainers) and attach debuggers/perf to processes, so it gets
# the host's engine and full device access.
set -eu

PROJECT_ROOT=$(cd "$(dirname "$0")" && pwd)
IMAGE=${DEVSHELL_IMAGE:-}
NAME="devshell-$(basename "$PROJECT_ROOT" | tr -c 'a-zA-Z0-9\n' '-')"
ENGINE_SOCK=${DOCKER_HOST_SOCKET:-/var/run/docker.sock}
CACHE_VOL="${NAME}-cache"

log() { printf 'devshell: %s\n' "$*" >&2; }

read_image_from_config() {
    # .devshell lines look like: image = registry.corp.internal/dev/base:2024.05
    [ -f "$PROJECT_ROOT/.devshell" ] || return 0
    sed -n 's/^[[:space:]]*image[[:space:]]*=[[:space:]]*//p' "$PROJECT_ROOT/.devshell" | head -n 1
}

ensure_image() {
    if ! docker image inspect "$IMAGE" >/dev/null 2>&1; then
        if [ -f "$PROJECT_ROOT/.devcontainer/Dockerfile" ]; then
            log "building $IMAGE from .devcontainer/Dockerfile"
            docker build -t "$IMAGE" -f "$PROJECT_ROOT/.devcontainer/Dockerfile" "$PROJECT_ROOT"
        else
            log "pulling $IMAGE"
            docker pull "$IMAGE"
        fi
    fi
}

already_running() {
    [ "$(docker inspect -f '{{.State.Running}}' "$NAME" 2>/dev/null || true)" = "true" ]
}

command -v docker >/dev/null 2>&1 || { log "docker CLI not found"; exit 1; }

[ -n "$IMAGE" ] || IMAGE=$(read_image_from_config)
[ -n "$IMAGE" ] || IMAGE="mcr.microsoft.com/devcontainers/base:bookworm"

if already_running; then
    log "attaching to running $NAME"
    if [ $# -eq 0 ]; then set -- bash -l; fi
    exec docker exec -it -w /workspace "$NAME" "$@"
fi

ensure_image
docker volume create "$CACHE_VOL" >/dev/null

TTY_FLAGS="-i"
[ -t 0 ] && TTY_FLAGS="-it"

EXTRA=""
if [ -S "$ENGINE_SOCK" ]; then
    EXTRA="-v $ENGINE_SOCK:/var/run/docker.sock"
else
    log "no engine socket at $ENGINE_SOCK, sibling containers will not work"
fi

if [ $# -eq 0 ]; then set -- bash -l; fi

log "starting $NAME ($IMAGE)"
# shellcheck disable=SC2086
exec docker run --rm $TTY_FLAGS \
    --name "$NAME" \
    --hostname devshell \
    --privileged \
    --pid host \
    --network host \
    $EXTRA \
    -v "$PROJECT_ROOT":/workspace \
    -v "$CACHE_VOL":/home/dev/.cache \
    -e HOST_UID="$(id -u)" -e HOST_GID="$(id -g)" \
    -e TERM="${TERM:-xterm-256color}" \
    -w /workspace \
    "$IMAGE" "$@"
