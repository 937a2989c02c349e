#!/bin/sh
# Deploy the WeeWX weather station stack on a farm gateway.
#
# Runs three containers:
#   weewx     - reads the console over USB, archives to SQLite, renders reports
#   nginx     - serves the generated report pages on the farm LAN
#   updater   - pulls new images nightly and restarts the stack
#
# usage: deploy_weewx.sh [up|down|status] [-e env_file]
set -eu

ACTION="${1:-up}"
[ $# -gt 0 ] && shift
ENV_FILE="./weewx.env"
while [ $# -gt 0 ]; do
    case "$1" in
        -e) ENV_FILE="$2"; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

STACK=farmwx
DATA_DIR="$(pwd)/weewx-data"
HTML_DIR="$DATA_DIR/public_html"
WEEWX_IMAGE="${WEEWX_IMAGE:-felddy/weewx:5}"
NGINX_IMAGE="${NGINX_IMAGE:-nginx:1.27-alpine}"
UPDATER_IMAGE="${UPDATER_IMAGE:-containrrr/watchtower:1.7.1}"
CONSOLE_DEV="${CONSOLE_DEV:-/dev/ttyUSB0}"

log() { echo "[$(date +%T)] $*"; }

[ -f "$ENV_FILE" ] && . "$ENV_FILE"

need() { command -v "$1" >/dev/null 2>&1 || { echo "missing $1" >&2; exit 1; }; }

ensure_dirs() {
    mkdir -p "$DATA_DIR" "$HTML_DIR"
    [ -f "$DATA_DIR/weewx.conf" ] || log "no weewx.conf yet; the container will create a default"
}

run_weewx() {
    docker rm -f "${STACK}-weewx" >/dev/null 2>&1 || true
    # console driver probes several tty and hid nodes, so the container gets the full device tree
    docker run -d --name "${STACK}-weewx" \
        --restart unless-stopped \
        --privileged \
        -v /dev:/dev \
        -v "$DATA_DIR:/data" \
        -e TZ="${TZ:-UTC}" \
        -e WEEWX_CONSOLE="$CONSOLE_DEV" \
        "$WEEWX_IMAGE"
}

run_nginx() {
    docker rm -f "${STACK}-web" >/dev/null 2>&1 || true
    docker run -d --name "${STACK}-web" \
        --restart unless-stopped \
        -p 8080:80 \
        -v "$HTML_DIR:/usr/share/nginx/html:ro" \
        "$NGINX_IMAGE"
}

run_updater() {
    docker rm -f "${STACK}-updater" >/dev/null 2>&1 || true
    docker run -d --name "${STACK}-updater" \
        --restart unless-stopped \
        -v /var/run/docker.sock:/var/run/docker.sock \
        -e WATCHTOWER_SCHEDULE="0 0 3 * * *" \
        -e WATCHTOWER_CLEANUP=true \
        "$UPDATER_IMAGE" "${STACK}-weewx" "${STACK}-web"
}

status() {
    docker ps --filter "name=${STACK}-" --format 'table {{.Names}}\t{{.Status}}\t{{.Image}}'
}

case "$ACTION" in
    up)
        need docker
        [ -e "$CONSOLE_DEV" ] || log "warning: $CONSOLE_DEV not present yet"
        ensure_dirs
        log "starting weewx"; run_weewx
        log "starting web";   run_nginx
        log "starting updater"; run_updater
        status
        ;;
    down)
        for c in weewx web updater; do
            docker rm -f "${STACK}-$c" >/dev/null 2>&1 && log "removed ${STACK}-$c" || true
        done
        ;;
    status)
        status
        ;;
    *)
        echo "usage: $0 [up|down|status] [-e env_file]" >&2
        exit 2
        ;;
esac
