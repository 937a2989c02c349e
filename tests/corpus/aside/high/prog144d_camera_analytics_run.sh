#!/bin/sh
# Yard camera analytics launcher.
#
# Starts the vehicle-counting container against the yard NVR recordings.
# The container needs the capture card and talks to the local docker
# engine to spin up one decoder container per camera.

IMAGE="${IMAGE:-registry.example.com/yard/vehicle-count:2.4}"
NAME="${NAME:-yard-analytics}"
RECORDINGS="${RECORDINGS:-$PWD/recordings}"
RESULTS="${RESULTS:-$PWD/results}"
CAMERAS="${CAMERAS:-gate,weighbridge,stockpile,cage}"

log() { echo "[analytics] $*"; }

usage() {
    echo "usage: $0 start|stop|status|logs" >&2
    exit 2
}

engine_sock() {
    # the engine socket path differs on rootless installs
    for s in /var/run/docker.sock /run/docker.sock; do
        [ -S "$s" ] && { echo "$s"; return 0; }
    done
    return 1
}

start() {
    sock="$(engine_sock)" || { log "docker engine socket not found"; exit 1; }
    mkdir -p "$RECORDINGS" "$RESULTS"
    if docker ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
        log "removing old $NAME container"
        docker rm -f "$NAME" >/dev/null
    fi
    log "starting $IMAGE for cameras: $CAMERAS"
    docker run -d --name "$NAME" \
        --privileged \
        --pid=host \
        -v "$sock:/var/run/docker.sock" \
        -v /dev:/dev \
        -v "$RECORDINGS:/data/in:ro" \
        -v "$RESULTS:/data/out" \
        -e CAMERAS="$CAMERAS" \
        "$IMAGE" >/dev/null || { log "docker run failed"; exit 1; }
    log "started"
}

stop() {
    docker stop "$NAME" >/dev/null 2>&1 && log "stopped" || log "not running"
}

status() {
    docker ps --filter "name=$NAME" --format '{{.Names}} {{.Status}}'
    count=$(ls "$RESULTS" 2>/dev/null | wc -l)
    log "$count result file(s) in $RESULTS"
}

logs() {
    docker logs --tail 100 "$NAME"
}

command -v docker >/dev/null 2>&1 || { log "docker CLI missing"; exit 1; }

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    logs) logs ;;
    *) usage ;;
esac
