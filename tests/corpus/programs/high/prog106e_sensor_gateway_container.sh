#!/bin/sh
# sensor-gateway: (re)deploy the containerised sensor gateway that bridges the
# Modbus climate controllers, the I2C light sensors and the USB reservoir
# probes to MQTT, and lets it restart its sibling exporter containers.
#
# Usage: prog106e_sensor_gateway_container.sh [up|down|logs|status] [-t tag]

set -eu

ACTION="${1:-up}"
[ $# -gt 0 ] && shift
TAG="latest"
while getopts "t:" opt; do
    case "$opt" in
        t) TAG="$OPTARG" ;;
        *) echo "usage: $0 [up|down|logs|status] [-t tag]" >&2; exit 2 ;;
    esac
done

IMAGE="registry.greenstack.example.com/farm/sensor-gateway:${TAG}"
NAME="sensor-gateway"
ENV_FILE="./gateway.env"
DATA_DIR="$(pwd)/gateway-data"

info() { echo "[gateway] $*"; }

ensure_env() {
    if [ ! -f "$ENV_FILE" ]; then
        cat > "$ENV_FILE" <<EOF
MQTT_HOST=127.0.0.1
MQTT_PORT=1883
MODBUS_PORT=/dev/ttyUSB0
MODBUS_BAUD=19200
I2C_BUS=1
POLL_SECONDS=15
EOF
        info "wrote default $ENV_FILE, edit and re-run if needed"
    fi
    mkdir -p "$DATA_DIR"
}

running() { docker ps -q --filter "name=^${NAME}$" | grep -q .; }

up() {
    ensure_env
    info "pulling $IMAGE"
    docker pull "$IMAGE" >/dev/null
    if docker ps -aq --filter "name=^${NAME}$" | grep -q .; then
        info "replacing existing container"
        docker rm -f "$NAME" >/dev/null
    fi
    docker run -d \
        --name "$NAME" \
        --privileged \
        --network host \
        --env-file "$ENV_FILE" \
        -v /dev:/dev \
        -v /run/udev:/run/udev:ro \
        -v /var/run/docker.sock:/var/run/docker.sock \
        -v "$DATA_DIR":/data \
        --log-opt max-size=10m --log-opt max-file=3 \
        "$IMAGE" >/dev/null
    sleep 3
    if running; then
        info "up: $(docker inspect -f '{{.Config.Image}} {{.State.StartedAt}}' "$NAME")"
    else
        info "container exited, last log lines:"
        docker logs --tail 30 "$NAME" || true
        exit 1
    fi
}

down() {
    if running; then
        docker stop "$NAME" >/dev/null && info "stopped"
    else
        info "not running"
    fi
}

status() {
    if running; then
        docker ps --filter "name=^${NAME}$" --format '{{.Names}}  {{.Status}}  {{.Image}}'
    else
        info "not running"
        return 1
    fi
}

command -v docker >/dev/null 2>&1 || { info "docker not installed"; exit 1; }

case "$ACTION" in
    up)     up ;;
    down)   down ;;
    logs)   docker logs -f --tail 100 "$NAME" ;;
    status) status ;;
    *) echo "unknown action: $ACTION" >&2; exit 2 ;;
esac
