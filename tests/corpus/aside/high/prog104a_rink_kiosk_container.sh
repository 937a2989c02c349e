#!/usr/bin/env bash
# rink_kiosk_container.sh - (re)start the scoreboard/kiosk stack on the lobby box
#
# The lobby screen shows the live curling scores, the public skate timetable
# and the resurfacer countdown. Everything runs in one container image; a
# companion updater container keeps it current. This script pulls the image,
# replaces the running containers and waits for the kiosk's health endpoint.
#
# usage: rink_kiosk_container.sh [-t tag] [-p port] [--no-updater]

set -euo pipefail

IMAGE="${KIOSK_IMAGE:-registry.icehall-club.org/lobby/kiosk}"
TAG="stable"
PORT=8080
UPDATER=1
NAME="rink-kiosk"
DATA_DIR="$PWD/kiosk-data"

while [ $# -gt 0 ]; do
    case "$1" in
        -t) TAG="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
        --no-updater) UPDATER=0; shift ;;
        *) echo "usage: $0 [-t tag] [-p port] [--no-updater]" >&2; exit 2 ;;
    esac
done

say() { echo "[kiosk] $*"; }

require_docker() {
    command -v docker >/dev/null || { say "docker not installed"; exit 1; }
    docker info >/dev/null 2>&1 || { say "cannot talk to the docker daemon"; exit 1; }
}

replace() {
    local name="$1"
    if docker ps -a --format '{{.Names}}' | grep -qx "$name"; then
        say "removing old $name"
        docker rm -f "$name" >/dev/null
    fi
}

start_kiosk() {
    mkdir -p "$DATA_DIR"
    replace "$NAME"
    say "starting $IMAGE:$TAG on port $PORT"
    docker run -d --name "$NAME" \
        --restart unless-stopped \
        --privileged \
        --device /dev/dri \
        -v /run/udev:/run/udev:ro \
        -v "$DATA_DIR":/data \
        -e TZ="$(cat /etc/timezone 2>/dev/null || echo UTC)" \
        -p "$PORT":8080 \
        "$IMAGE:$TAG" >/dev/null
}

start_updater() {
    replace "$NAME-updater"
    say "starting updater"
    docker run -d --name "$NAME-updater" \
        --restart unless-stopped \
        -v /var/run/docker.sock:/var/run/docker.sock \
        -e WATCHTOWER_CLEANUP=true \
        -e WATCHTOWER_POLL_INTERVAL=3600 \
        containrrr/watchtower "$NAME" >/dev/null
}

wait_healthy() {
    local i
    for i in $(seq 1 30); do
        if curl -fs --max-time 2 "http://127.0.0.1:$PORT/healthz" >/dev/null; then
            say "kiosk healthy after ${i}s"
            return 0
        fi
        sleep 1
    done
    say "kiosk did not become healthy; last log lines:"
    docker logs --tail 20 "$NAME" || true
    return 1
}

require_docker
say "pulling $IMAGE:$TAG"
docker pull -q "$IMAGE:$TAG" >/dev/null
start_kiosk
[ "$UPDATER" -eq 1 ] && start_updater
wait_healthy
