#!/usr/bin/env bash
# deploy_octoprint_stack.sh - bring up one OctoPrint container per printer on a
# farm host, plus the camera streamer and the update watcher.
#
# Reads printers.conf (name port device) from the current directory:
#     prusa-a   5001  /dev/serial/by-id/usb-Prusa_Research_Original_Prusa_MK3_CZPX1-if00
#     ender-b   5002  /dev/serial/by-id/usb-1a86_USB_Serial-if00-port0
#
# usage: deploy_octoprint_stack.sh [up|down|status] [-c printers.conf]
set -Eeuo pipefail

ACTION=${1:-up}; shift || true
CONF=printers.conf
IMAGE=${OCTO_IMAGE:-octoprint/octoprint:latest}
CAM_IMAGE=${CAM_IMAGE:-mkuf/ustreamer:latest}
WATCH_IMAGE=${WATCH_IMAGE:-containrrr/watchtower:latest}
DATA_ROOT=${DATA_ROOT:-$PWD/octo-data}
NET=printfarm

while getopts "c:" o; do
    case $o in c) CONF=$OPTARG ;; *) exit 1 ;; esac
done

log() { echo "$(date +%T) deploy: $*"; }
trap 'log "failed at line $LINENO"' ERR

need() { command -v "$1" >/dev/null || { log "$1 missing"; exit 1; }; }

ensure_network() {
    docker network inspect "$NET" >/dev/null 2>&1 || docker network create "$NET" >/dev/null
}

read_printers() {
    grep -vE '^\s*(#|$)' "$CONF"
}

up_printer() {
    local name=$1 port=$2 dev=$3
    local data="$DATA_ROOT/$name"
    mkdir -p "$data"
    if docker ps -a --format '{{.Names}}' | grep -qx "octo-$name"; then
        log "octo-$name exists, recreating"
        docker rm -f "octo-$name" >/dev/null
    fi
    # serial boards re-enumerate on reset and hot-plug; the container needs to
    # see the new node without being recreated, hence the whole /dev tree
    docker run -d --name "octo-$name" \
        --network "$NET" \
        --privileged \
        -v /dev:/dev \
        -v "$data:/octoprint" \
        -e "OCTOPRINT_PORT=$port" \
        -e "PRINTER_DEVICE=$dev" \
        -p "127.0.0.1:$port:80" \
        "$IMAGE" >/dev/null
    log "octo-$name up on :$port ($dev)"
}

up_camera() {
    local cams=(/dev/video[0-9]*)
    [[ -e "${cams[0]}" ]] || { log "no webcams found"; return 0; }
    docker rm -f farm-cam >/dev/null 2>&1 || true
    docker run -d --name farm-cam --network "$NET" \
        --device "${cams[0]}" -p 127.0.0.1:8080:8080 \
        "$CAM_IMAGE" --host 0.0.0.0 --port 8080 --device "${cams[0]}" >/dev/null
    log "camera on :8080 (${cams[0]})"
}

up_watcher() {
    docker rm -f farm-watch >/dev/null 2>&1 || true
    docker run -d --name farm-watch \
        -v /var/run/docker.sock:/var/run/docker.sock \
        "$WATCH_IMAGE" --cleanup --interval 86400 $(read_printers | awk '{print "octo-"$1}') >/dev/null
    log "update watcher running"
}

down_all() {
    docker ps -a --format '{{.Names}}' | grep -E '^(octo-|farm-)' | xargs -r docker rm -f
}

status() {
    docker ps --filter "network=$NET" --format 'table {{.Names}}\t{{.Status}}\t{{.Ports}}'
}

need docker
[[ -f "$CONF" ]] || { log "no $CONF in $PWD"; exit 1; }

case "$ACTION" in
    up)
        docker pull -q "$IMAGE" >/dev/null
        ensure_network
        while read -r name port dev; do
            [[ -e "$dev" ]] || log "warning: $dev not present yet for $name"
            up_printer "$name" "$port" "$dev"
        done < <(read_printers)
        up_camera
        up_watcher
        status
        ;;
    down)   down_all ;;
    status) status ;;
    *)      log "unknown action $ACTION"; exit 1 ;;
esac
