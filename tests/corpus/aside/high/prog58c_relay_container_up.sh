#!/usr/bin/env bash
# Start (or replace) the local websocket chat relay container by talking to the
# Docker Engine API directly over its unix socket - no docker CLI on this box.
# The image chat-relay:dev must already have been built locally.
set -euo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
NAME="${RELAY_NAME:-chat-relay}"
IMAGE="${RELAY_IMAGE:-chat-relay:dev}"
HOST_PORT="${RELAY_PORT:-8765}"
LOG_LEVEL="${RELAY_LOG_LEVEL:-info}"

log() { echo "[relay] $*" >&2; }

dapi() {
    # dapi METHOD PATH [JSON-BODY]
    local method="$1" path="$2" body="${3:-}"
    if [ -n "$body" ]; then
        curl -fsS --unix-socket "$DOCKER_SOCK" -X "$method" \
             -H 'Content-Type: application/json' -d "$body" "$API$path"
    else
        curl -fsS --unix-socket "$DOCKER_SOCK" -X "$method" "$API$path"
    fi
}

container_id() {
    dapi GET "/containers/json?all=1&filters=%7B%22name%22%3A%5B%22${NAME}%22%5D%7D" \
        | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d[0]["Id"] if d else "")'
}

[ -S "$DOCKER_SOCK" ] || { log "no docker socket at $DOCKER_SOCK"; exit 1; }

if ! dapi GET "/images/${IMAGE}/json" >/dev/null 2>&1; then
    log "image $IMAGE not found locally; build it first"
    exit 1
fi

old="$(container_id)"
if [ -n "$old" ]; then
    log "removing previous container ${old:0:12}"
    dapi DELETE "/containers/${old}?force=true" || true
fi

body=$(cat <<JSON
{
  "Image": "$IMAGE",
  "Env": ["RELAY_LOG_LEVEL=$LOG_LEVEL", "RELAY_LISTEN=0.0.0.0:8765"],
  "ExposedPorts": {"8765/tcp": {}},
  "HostConfig": {
    "PortBindings": {"8765/tcp": [{"HostIp": "127.0.0.1", "HostPort": "$HOST_PORT"}]},
    "Memory": 268435456
  }
}
JSON
)

log "creating $NAME from $IMAGE"
new_id=$(dapi POST "/containers/create?name=${NAME}" "$body" \
         | python3 -c 'import json,sys; print(json.load(sys.stdin)["Id"])')
dapi POST "/containers/${new_id}/start"
log "started ${new_id:0:12}; relay on ws://127.0.0.1:${HOST_PORT}"
