#!/bin/sh
# shipping_label_docker_deploy.sh - deploy the shipping label service on a
# packing-station box.  The container renders carrier labels (ZPL/PDF) from
# the order API and prints them on the USB thermal printer, and its sidecar
# keeps the label image up to date.
#
# usage: shipping_label_docker_deploy.sh [tag]
#   env: LABEL_ENV_FILE (default ./label.env), LABEL_PORT (default 8190)

set -eu

TAG="${1:-stable}"
IMAGE="registry.packwell.example/ops/label-service:${TAG}"
UPDATER_IMAGE="registry.packwell.example/ops/label-updater:1.3"
NAME="label-service"
ENV_FILE="${LABEL_ENV_FILE:-./label.env}"
PORT="${LABEL_PORT:-8190}"
DATA_DIR="${PWD}/label-data"

info() { echo ">> $*"; }
fail() { echo "!! $*" >&2; exit 1; }

command -v docker >/dev/null 2>&1 || fail "docker is not installed"
[ -f "$ENV_FILE" ] || fail "missing $ENV_FILE (copy label.env.example and fill in the carrier keys)"

mkdir -p "$DATA_DIR/labels" "$DATA_DIR/logs"

pull() {
  tries=0
  until docker pull "$1" >/dev/null; do
    tries=$((tries + 1))
    [ "$tries" -ge 3 ] && fail "could not pull $1"
    info "pull failed, retrying ($tries)"
    sleep 5
  done
}

replace() {
  if docker ps -a --format '{{.Names}}' | grep -qx "$1"; then
    info "removing old $1"
    docker rm -f "$1" >/dev/null
  fi
}

info "pulling $IMAGE"
pull "$IMAGE"
pull "$UPDATER_IMAGE"

replace "$NAME"
info "starting $NAME on 127.0.0.1:$PORT"
# the printer re-enumerates on every power cycle, so the container needs the
# whole device tree rather than a single --device entry
docker run -d \
  --name "$NAME" \
  --privileged \
  -v /dev/bus/usb:/dev/bus/usb \
  -v "$DATA_DIR/labels:/app/labels" \
  -v "$DATA_DIR/logs:/app/logs" \
  --env-file "$ENV_FILE" \
  -p "127.0.0.1:$PORT:8190" \
  "$IMAGE" >/dev/null

replace "$NAME-updater"
info "starting updater sidecar"
docker run -d \
  --name "$NAME-updater" \
  -v /var/run/docker.sock:/var/run/docker.sock \
  -e WATCH_CONTAINERS="$NAME" \
  -e POLL_INTERVAL=3600 \
  "$UPDATER_IMAGE" >/dev/null

i=0
while [ $i -lt 20 ]; do
  if curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then
    info "label service healthy"
    docker ps --filter "name=$NAME" --format 'table {{.Names}}\t{{.Status}}'
    exit 0
  fi
  i=$((i + 1))
  sleep 2
done
docker logs --tail 40 "$NAME" >&2 || true
fail "label service did not become healthy"
