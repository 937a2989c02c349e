#!/bin/bash
# Manage self-hosted CI runner containers that build Docker images.
# The runners need the host Docker daemon, so they get the socket and
# run privileged (required by buildx with qemu emulation).
set -euo pipefail

IMAGE="${RUNNER_IMAGE:-ghcr.io/acme/ci-runner:2.317}"
PREFIX="ci-runner"
COUNT="${RUNNER_COUNT:-2}"
WORK_ROOT="${RUNNER_WORK_ROOT:-$PWD/runner-work}"
LABELS="self-hosted,linux,docker"

usage() {
    cat <<EOF
usage: $0 {up|down|status|logs N|prune}
  up       start $COUNT runners from $IMAGE
  down     stop and remove all runners
  status   list runner containers
  logs N   follow logs of runner N
  prune    remove dangling build cache
EOF
}

ENV_FILE="${RUNNER_ENV_FILE:-./runner.env}"

require_env_file() {
    # runner.env holds the registration settings for the CI server
    if [[ ! -r "$ENV_FILE" ]]; then
        echo "missing $ENV_FILE (copy runner.env.example and fill it in)" >&2
        exit 1
    fi
}

start_runner() {
    local idx="$1" name="${PREFIX}-$1"
    if docker ps -a --format '{{.Names}}' | grep -qx "$name"; then
        echo "$name already exists, skipping"
        return 0
    fi
    mkdir -p "$WORK_ROOT/$idx"
    docker run -d \
        --name "$name" \
        --privileged \
        -v /var/run/docker.sock:/var/run/docker.sock \
        -v "$WORK_ROOT/$idx:/runner/_work" \
        -e RUNNER_NAME="$(hostname -s)-$idx" \
        -e RUNNER_LABELS="$LABELS" \
        --env-file "$ENV_FILE" \
        "$IMAGE" >/dev/null
    echo "started $name"
}

up() {
    require_env_file
    docker pull -q "$IMAGE"
    local i
    for ((i = 1; i <= COUNT; i++)); do
        start_runner "$i"
    done
}

down() {
    local ids
    ids="$(docker ps -aq --filter "name=^${PREFIX}-")"
    if [[ -z "$ids" ]]; then
        echo "no runners found"
        return
    fi
    # shellcheck disable=SC2086
    docker rm -f $ids >/dev/null
    echo "removed $(wc -w <<<"$ids") runner(s)"
}

status() {
    docker ps -a --filter "name=^${PREFIX}-" \
        --format 'table {{.Names}}\t{{.Status}}\t{{.RunningFor}}'
}

case "${1:-}" in
    up)     up ;;
    down)   down ;;
    status) status ;;
    logs)   docker logs -f --tail 200 "${PREFIX}-${2:?runner number required}" ;;
    prune)  docker builder prune -f --filter 'until=72h' ;;
    *)      usage; exit 2 ;;
esac
