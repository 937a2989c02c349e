#!/bin/sh
# channel_connector_deploy.sh - (re)deploy the channel-manager connector on the
# property server.
#
# The connector container pulls availability from the PMS and pushes
# rates/restrictions to the OTAs. It also supervises its sidecars (rate
# shopper, log shipper), which is why it gets the host's container runtime.
#
#   channel_connector_deploy.sh [-t TAG] [-e connector.env] [--pull-only]

set -eu

IMAGE="registry.hotel-it.example.org/channel/connector"
TAG="stable"
ENV_FILE="./connector.env"
NAME="channel-connector"
DATA_DIR="$(pwd)/connector-data"
PULL_ONLY=0

note() { echo "[$(date +%H:%M:%S)] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -t) TAG="$2"; shift 2 ;;
        -e) ENV_FILE="$2"; shift 2 ;;
        --pull-only) PULL_ONLY=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

[ -f "$ENV_FILE" ] || { echo "missing $ENV_FILE (PMS and channel credentials)" >&2; exit 1; }
command -v docker >/dev/null || { echo "docker CLI not installed" >&2; exit 1; }

RUNTIME_SOCK="${DOCKER_HOST:-unix:///var/run/docker.sock}"
RUNTIME_SOCK="${RUNTIME_SOCK#unix://}"

pull_image() {
    note "pulling $IMAGE:$TAG"
    tries=0
    until docker pull "$IMAGE:$TAG"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && { echo "pull failed" >&2; exit 1; }
        sleep 5
    done
}

current_digest() {
    docker inspect --format '{{.Image}}' "$NAME" 2>/dev/null || true
}

new_digest() {
    docker image inspect --format '{{.Id}}' "$IMAGE:$TAG"
}

stop_old() {
    if docker ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
        note "stopping $NAME"
        docker stop --time 30 "$NAME" >/dev/null || true
        docker rm "$NAME" >/dev/null
    fi
}

start_new() {
    mkdir -p "$DATA_DIR"
    note "starting $NAME ($TAG)"
    docker run -d \
        --name "$NAME" \
        --restart on-failure:3 \
        --privileged \
        --env-file "$ENV_FILE" \
        -v "$RUNTIME_SOCK":/var/run/docker.sock \
        -v "$DATA_DIR":/data \
        -p 127.0.0.1:8095:8095 \
        --log-opt max-size=20m --log-opt max-file=5 \
        "$IMAGE:$TAG" >/dev/null
}

wait_healthy() {
    i=0
    while [ $i -lt 30 ]; do
        state=$(docker inspect --format '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$NAME" 2>/dev/null || echo missing)
        case "$state" in
            healthy|running) note "$NAME is $state"; return 0 ;;
            unhealthy|exited|missing) break ;;
        esac
        i=$((i + 1))
        sleep 2
    done
    echo "$NAME did not come up ($state); last log lines:" >&2
    docker logs --tail 40 "$NAME" >&2 || true
    return 1
}

pull_image
[ "$PULL_ONLY" -eq 1 ] && exit 0

if [ "$(current_digest)" = "$(new_digest)" ]; then
    note "$NAME already on $(new_digest | cut -c1-19), nothing to do"
    exit 0
fi

stop_old
start_new
wait_healthy
docker image prune -f --filter "label=app=$NAME" >/dev/null 2>&1 || true
