#!/usr/bin/env bash
# roster_board_container.sh - (re)start the depot roster board service.
#
# The roster board shows tomorrow's duties on the LED signs in the drivers'
# mess room. It runs as a container on the depot NUC and drives the signs
# through a USB-RS485 adapter. The docker CLI is not installed on the NUC
# image, so this talks to the engine API directly.
#
#   roster_board_container.sh [start|stop|status] [-i image] [-t tag]
set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
NAME="roster-board"
IMAGE="registry.northbound-coaches.co.uk/ops/roster-board"
TAG="${ROSTER_BOARD_TAG:-stable}"
ENV_FILE="./roster-board.env"

ACTION="${1:-start}"
shift || true
while getopts ":i:t:" o; do
    case "$o" in
        i) IMAGE="$OPTARG" ;;
        t) TAG="$OPTARG" ;;
        *) echo "usage: $0 [start|stop|status] [-i image] [-t tag]" >&2; exit 64 ;;
    esac
done

dapi() {
    local method=$1 path=$2
    shift 2
    curl -sS --fail-with-body --unix-socket "$SOCK" -X "$method" \
        -H 'Content-Type: application/json' "$API$path" "$@"
}

log() { echo "[$(date +%T)] $*"; }

env_json() {
    local first=1
    printf '['
    if [ -f "$ENV_FILE" ]; then
        while IFS= read -r line; do
            case "$line" in ''|\#*) continue ;; esac
            [ $first -eq 1 ] || printf ','
            first=0
            printf '"%s"' "${line//\"/\\\"}"
        done <"$ENV_FILE"
    fi
    printf ']'
}

container_spec() {
    cat <<EOF
{
  "Image": "$IMAGE:$TAG",
  "Env": $(env_json),
  "Labels": {"com.nbc.service": "roster-board"},
  "HostConfig": {
    "Privileged": true,
    "RestartPolicy": {"Name": "unless-stopped"},
    "Binds": ["/dev:/dev", "/srv/roster-board:/data"],
    "NetworkMode": "host"
  }
}
EOF
}

stop_existing() {
    if dapi GET "/containers/$NAME/json" >/dev/null 2>&1; then
        log "stopping existing $NAME"
        dapi POST "/containers/$NAME/stop?t=10" >/dev/null 2>&1 || true
        dapi DELETE "/containers/$NAME?force=true" >/dev/null
    fi
}

start() {
    [ -S "$SOCK" ] || { echo "docker socket $SOCK not found" >&2; exit 1; }
    log "pulling $IMAGE:$TAG"
    dapi POST "/images/create?fromImage=$IMAGE&tag=$TAG" >/dev/null
    stop_existing
    log "creating $NAME"
    container_spec | dapi POST "/containers/create?name=$NAME" --data-binary @- >/dev/null
    dapi POST "/containers/$NAME/start" >/dev/null
    log "started; state: $(dapi GET "/containers/$NAME/json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["State"]["Status"])')"
}

case "$ACTION" in
    start) start ;;
    stop) stop_existing ;;
    status) dapi GET "/containers/$NAME/json" | python3 -m json.tool ;;
    *) echo "unknown action $ACTION" >&2; exit 64 ;;
esac
