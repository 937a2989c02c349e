#!/usr/bin/env bash
# Build and start the board-hire sync container on the shop server.
#
# The container talks to the RFID tag reader on the hire counter (USB serial),
# pushes check-outs/returns to the booking platform, and restarts the label
# printer container when the printer wedges, so it needs the host's devices
# and the Docker API.
set -euo pipefail

IMAGE="${IMAGE:-saltwater/board-hire-sync}"
TAG="${TAG:-$(git rev-parse --short HEAD 2>/dev/null || echo latest)}"
NAME="board-hire-sync"
ENV_FILE="${ENV_FILE:-./hire.env}"
DATA_DIR="${DATA_DIR:-$PWD/data}"
REBUILD=0
FOLLOW=0

usage() {
    cat <<EOF
usage: $0 [--rebuild] [--logs] [--stop]
  --rebuild   rebuild the image before starting
  --logs      follow container logs after start
  --stop      stop and remove the running container
EOF
}

die() { echo "error: $*" >&2; exit 1; }

for arg in "$@"; do
    case "$arg" in
        --rebuild) REBUILD=1 ;;
        --logs) FOLLOW=1 ;;
        --stop) docker rm -f "$NAME" >/dev/null 2>&1 || true; echo "stopped"; exit 0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v docker >/dev/null || die "docker not installed"
[[ -f "$ENV_FILE" ]] || die "missing $ENV_FILE (copy hire.env.example)"
grep -q '^BOOKING_API_KEY=' "$ENV_FILE" || die "BOOKING_API_KEY missing from $ENV_FILE"
mkdir -p "$DATA_DIR"

find_reader() {
    local dev
    for dev in /dev/serial/by-id/*RFID* /dev/ttyUSB0 /dev/ttyACM0; do
        [[ -e "$dev" ]] && { readlink -f "$dev"; return 0; }
    done
    return 1
}

build_image() {
    echo "building $IMAGE:$TAG"
    docker build --pull -t "$IMAGE:$TAG" -t "$IMAGE:latest" .
}

start_container() {
    local reader="$1"
    docker rm -f "$NAME" >/dev/null 2>&1 || true
    local run_args=(
        --detach
        --name "$NAME"
        --env-file "$ENV_FILE"
        --env "RFID_DEVICE=$reader"
        --privileged
        --volume /dev:/dev
        --volume /var/run/docker.sock:/var/run/docker.sock
        --volume "$DATA_DIR:/app/data"
        --log-opt max-size=10m --log-opt max-file=3
    )
    docker run "${run_args[@]}" "$IMAGE:$TAG"
}

health_check() {
    local i
    for i in $(seq 1 20); do
        state="$(docker inspect -f '{{.State.Status}}' "$NAME" 2>/dev/null || echo missing)"
        if [[ "$state" == "running" ]] && docker logs "$NAME" 2>&1 | grep -q "reader online"; then
            echo "board-hire-sync is up (reader online)"
            return 0
        fi
        [[ "$state" == "exited" ]] && break
        sleep 2
    done
    echo "container did not come up cleanly, last logs:" >&2
    docker logs --tail 30 "$NAME" >&2 || true
    return 1
}

main() {
    local reader
    reader="$(find_reader)" || die "no RFID reader found on USB"
    echo "using reader $reader"
    if (( REBUILD )) || ! docker image inspect "$IMAGE:$TAG" >/dev/null 2>&1; then
        build_image
    fi
    start_container "$reader"
    health_check
    (( FOLLOW )) && exec docker logs -f "$NAME"
    exit 0
}

main
