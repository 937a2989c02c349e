#!/usr/bin/env bash
# van_label_printer_container.sh - run the key-tag / job-label print service
# on the van's mini PC.
#
# The Brother QL and Dymo printers hop between USB ports every time the van
# is restocked, and the label service needs to see whichever one is plugged
# in, so the container gets the host's USB bus. Labels are rendered by the
# service from ./labels and the van config in ./van.env.
#
# Usage: van_label_printer_container.sh {start|stop|restart|status|logs}
set -euo pipefail

NAME="van-labels"
IMAGE="${LABEL_IMAGE:-registry.northfield-locks.co.uk/field/label-service:2.4}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ENV_FILE="$HERE/van.env"
LABEL_DIR="$HERE/labels"
HTTP_PORT="${LABEL_PORT:-8631}"

msg() { echo "[$(date +%T)] $*"; }

docker_cmd() {
    if docker info >/dev/null 2>&1; then
        docker "$@"
    else
        sudo docker "$@"
    fi
}

detect_printers() {
    local found=0 dev
    while read -r dev; do
        msg "printer on bus: $dev"
        found=1
    done < <(lsusb 2>/dev/null | grep -Ei '04f9:|0922:' || true)
    (( found )) || msg "no label printer on USB right now (service will wait for one)"
}

start() {
    if docker_cmd ps --format '{{.Names}}' | grep -qx "$NAME"; then
        msg "$NAME already running"
        return 0
    fi
    [[ -f $ENV_FILE ]] || { msg "missing $ENV_FILE"; exit 1; }
    mkdir -p "$LABEL_DIR"
    detect_printers
    docker_cmd pull -q "$IMAGE" >/dev/null || msg "pull failed, using cached image"
    docker_cmd rm -f "$NAME" >/dev/null 2>&1 || true

    local run_opts=(
        --name "$NAME"
        --detach
        --restart unless-stopped
        --env-file "$ENV_FILE"
        --publish "127.0.0.1:${HTTP_PORT}:631"
        --volume "$LABEL_DIR:/srv/labels"
        --volume /dev/bus/usb:/dev/bus/usb
        --volume /run/udev:/run/udev:ro
        --privileged
    )
    docker_cmd run "${run_opts[@]}" "$IMAGE"
    msg "started $NAME on http://127.0.0.1:${HTTP_PORT}/"
}

stop() {
    docker_cmd stop "$NAME" >/dev/null 2>&1 && msg "stopped $NAME" || msg "$NAME not running"
}

status() {
    docker_cmd ps -a --filter "name=^${NAME}$" --format 'table {{.Names}}\t{{.Status}}\t{{.Image}}'
    if curl -fsS --max-time 3 "http://127.0.0.1:${HTTP_PORT}/health" >/dev/null 2>&1; then
        msg "label service healthy"
    else
        msg "label service not answering"
    fi
}

case "${1:-status}" in
    start) start ;;
    stop) stop ;;
    restart) stop; start ;;
    status) status ;;
    logs) docker_cmd logs --tail 100 -f "$NAME" ;;
    *) sed -n '2,11p' "$0"; exit 1 ;;
esac
