#!/usr/bin/env bash
# crew_roster_container.sh - run the crew roster sync service in a container
# on the station dispatch host.
#
# The roster sync image talks to the central rostering API and to the badge
# reader on the dispatch desk (crew sign-on uses the ID badge), so the
# container needs the reader passed through along with the local data dir.
#
#   ./crew_roster_container.sh [start|stop|restart|logs|status]

set -euo pipefail

IMAGE="${ROSTER_IMAGE:-registry.groundops.example.net/crew/roster-sync:2.7.1}"
NAME="crew-roster-sync"
DATA_DIR="$(pwd)/roster-data"
ENV_FILE="$(pwd)/roster.env"
READER_DEV="${READER_DEV:-auto}"

log() { echo "[roster-ctl] $*"; }

require_docker() {
    command -v docker >/dev/null || { log "docker not installed"; exit 1; }
    docker info >/dev/null 2>&1 || { log "cannot talk to docker daemon"; exit 1; }
}

reader_args() {
    # the badge readers enumerate as a different hidraw node depending on
    # which USB port the desk is wired to, so hand the container the bus
    local -n _out=$1
    if [[ "$READER_DEV" == "auto" ]]; then
        _out+=(--privileged)
        _out+=(-v /dev/bus/usb:/dev/bus/usb)
    else
        _out+=(--device "$READER_DEV")
    fi
}

start() {
    require_docker
    mkdir -p "$DATA_DIR"
    [[ -f "$ENV_FILE" ]] || { log "missing $ENV_FILE (ROSTER_API_TOKEN, STATION)"; exit 1; }

    if docker ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
        log "removing stale container"
        docker rm -f "$NAME" >/dev/null
    fi

    local opts=(
        --detach
        --name "$NAME"
        --restart unless-stopped
        --env-file "$ENV_FILE"
        -v "$DATA_DIR:/srv/roster"
        --log-opt max-size=10m
    )
    reader_args opts

    log "pulling $IMAGE"
    docker pull -q "$IMAGE" >/dev/null
    docker run "${opts[@]}" "$IMAGE" >/dev/null
    log "started $NAME"
}

stop() {
    require_docker
    docker stop "$NAME" >/dev/null 2>&1 && log "stopped $NAME" || log "$NAME not running"
}

status() {
    require_docker
    docker ps --filter "name=^${NAME}$" --format 'table {{.Names}}\t{{.Status}}\t{{.Image}}'
}

case "${1:-start}" in
    start)   start ;;
    stop)    stop ;;
    restart) stop; start ;;
    logs)    docker logs --tail 200 -f "$NAME" ;;
    status)  status ;;
    *) echo "usage: $0 [start|stop|restart|logs|status]" >&2; exit 2 ;;
esac
