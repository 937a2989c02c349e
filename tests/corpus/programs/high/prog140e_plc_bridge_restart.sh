#!/bin/sh
# Restart the tunnel washer PLC bridge when it stops reporting.
#
# The bridge reads cycle counters from the washer PLCs and publishes them
# to the plant dashboard. It runs as a container on the line server; on
# older servers it is still a host service. Run from the operator menu.

BRIDGE_NAME="${BRIDGE_NAME:-plc-bridge}"
HEALTH_URL="${HEALTH_URL:-http://127.0.0.1:8090/health}"
SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
WAIT_SECS="${WAIT_SECS:-20}"
ENGINE_API="http://localhost/v1.41"

log() {
    echo "$(date '+%H:%M:%S') bridge-restart: $*"
}

healthy() {
    curl -fsS --max-time 5 "$HEALTH_URL" >/dev/null 2>&1
}

engine() {
    # talk to the container engine directly; the CLI is not on every box
    method="$1"; path="$2"
    curl -fsS --max-time 30 --unix-socket "$SOCK" -X "$method" "$ENGINE_API$path"
}

restart_container() {
    if [ ! -S "$SOCK" ]; then
        return 1
    fi
    state=$(engine GET "/containers/$BRIDGE_NAME/json" 2>/dev/null | \
        python3 -c 'import json,sys; print(json.load(sys.stdin)["State"]["Status"])' 2>/dev/null)
    log "container state: ${state:-unknown}"
    engine POST "/containers/$BRIDGE_NAME/restart?t=10" >/dev/null
}

restart_service() {
    # older line servers: host service, restart needs an admin prompt
    for helper in pkexec sudo; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" systemctl restart "$BRIDGE_NAME.service" && return 0
        fi
    done
    return 1
}

wait_healthy() {
    i=0
    while [ "$i" -lt "$WAIT_SECS" ]; do
        if healthy; then
            return 0
        fi
        sleep 1
        i=$((i + 1))
    done
    return 1
}

if healthy && [ "${1:-}" != "--force" ]; then
    log "bridge is healthy, nothing to do (use --force to restart anyway)"
    exit 0
fi

if restart_container; then
    log "container restart requested"
elif restart_service; then
    log "service restart requested"
else
    log "could not restart $BRIDGE_NAME"
    exit 1
fi

if wait_healthy; then
    log "bridge healthy again"
else
    log "bridge did not come back within ${WAIT_SECS}s, call the line engineer"
    exit 1
fi
