#!/usr/bin/env bash
# Manage a Minecraft server container by talking to the Docker Engine API
# directly over the docker socket (no docker CLI on this host).
set -euo pipefail

SOCK=/var/run/docker.sock
API=http://localhost/v1.43
NAME="${MC_CONTAINER:-mc-survival}"
IMAGE="${MC_IMAGE:-itzg/minecraft-server:latest}"
DATA_DIR="${MC_DATA:-$PWD/mc-data}"

api() {
    local method="$1" path="$2"; shift 2
    curl -sS --unix-socket "$SOCK" -X "$method" -H 'Content-Type: application/json' \
        "$API$path" "$@"
}

create() {
    mkdir -p "$DATA_DIR"
    api POST "/images/create?fromImage=${IMAGE%%:*}&tag=${IMAGE##*:}" >/dev/null
    api POST "/containers/create?name=$NAME" -d @- <<JSON
{
  "Image": "$IMAGE",
  "Env": ["EULA=TRUE", "MEMORY=4G", "TYPE=PAPER", "ENABLE_RCON=true"],
  "ExposedPorts": {"25565/tcp": {}},
  "HostConfig": {
    "Binds": ["$DATA_DIR:/data"],
    "PortBindings": {"25565/tcp": [{"HostPort": "25565"}]}
  }
}
JSON
    echo
    echo "container $NAME created"
}

status() {
    api GET "/containers/$NAME/json" | sed -n 's/.*"Status":"\([a-z]*\)".*/\1/p' | head -n1
}

logs() {
    api GET "/containers/$NAME/logs?stdout=1&stderr=1&tail=${1:-50}" | tr -cd '\11\12\15\40-\176'
}

if [ ! -S "$SOCK" ]; then
    echo "docker socket $SOCK not available" >&2
    exit 1
fi

case "${1:-status}" in
    create)  create ;;
    start)   api POST "/containers/$NAME/start" && echo "started $NAME" ;;
    stop)    api POST "/containers/$NAME/stop?t=30" && echo "stopped $NAME" ;;
    restart) api POST "/containers/$NAME/restart?t=30" && echo "restarted $NAME" ;;
    remove)  api DELETE "/containers/$NAME?force=1" && echo "removed $NAME" ;;
    status)  echo "$NAME: $(status)" ;;
    logs)    logs "${2:-50}" ;;
    *) echo "usage: $0 {create|start|stop|restart|remove|status|logs [n]}" >&2; exit 1 ;;
esac
