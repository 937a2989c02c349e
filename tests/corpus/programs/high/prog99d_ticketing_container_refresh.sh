#!/usr/bin/env bash
# ticketing_container_refresh.sh - roll the box office ticketing container to a new image
#
# The ticketing app runs as a single container on the box office server.
# The docker CLI isn't installed there (only the engine, from the vendor's
# appliance image), so this talks to the engine API directly with curl.
#
#   ./ticketing_container_refresh.sh [-t TAG] [-n NAME]
set -euo pipefail

DOCKER_SOCK=${DOCKER_SOCK:-/var/run/docker.sock}
API="http://localhost/v1.43"
IMAGE_REPO=${IMAGE_REPO:-registry.riversidearts.org.uk/boxoffice/ticketing}
TAG=stable
NAME=ticketing
DATA_DIR=${DATA_DIR:-/srv/boxoffice/data}
HOST_PORT=8443

log() { echo "$(date -u +%FT%TZ) $*" >&2; }

while getopts "t:n:" o; do
    case $o in
        t) TAG=$OPTARG ;;
        n) NAME=$OPTARG ;;
        *) echo "usage: $0 [-t tag] [-n name]" >&2; exit 64 ;;
    esac
done
IMAGE="$IMAGE_REPO:$TAG"

engine() {
    local method=$1 path=$2; shift 2
    curl -sS --fail-with-body --unix-socket "$DOCKER_SOCK" -X "$method" \
         -H 'Content-Type: application/json' "$@" "$API$path"
}

pull_image() {
    log "pulling $IMAGE"
    engine POST "/images/create?fromImage=${IMAGE_REPO}&tag=${TAG}" \
        | python3 -c 'import sys,json
for line in sys.stdin:
    try: ev=json.loads(line)
    except ValueError: continue
    if "error" in ev: sys.exit(ev["error"])
    s=ev.get("status","")
    if s.startswith(("Digest","Status")): print(s, file=sys.stderr)'
}

current_id() {
    engine GET "/containers/json?all=1&filters=%7B%22name%22%3A%5B%22%5E%2F${NAME}%24%22%5D%7D" \
        | python3 -c 'import sys,json; c=json.load(sys.stdin); print(c[0]["Id"] if c else "")'
}

create_spec() {
    cat <<EOF
{
  "Image": "$IMAGE",
  "Env": ["TZ=Europe/London", "BOXOFFICE_DATA=/data"],
  "ExposedPorts": {"8443/tcp": {}},
  "HostConfig": {
    "Binds": ["$DATA_DIR:/data"],
    "PortBindings": {"8443/tcp": [{"HostIp": "127.0.0.1", "HostPort": "$HOST_PORT"}]},
    "RestartPolicy": {"Name": "unless-stopped"},
    "LogConfig": {"Type": "json-file", "Config": {"max-size": "20m", "max-file": "5"}}
  },
  "Labels": {"org.riversidearts.role": "ticketing"}
}
EOF
}

wait_healthy() {
    local i
    for i in $(seq 1 30); do
        if curl -fsk --max-time 3 "https://127.0.0.1:$HOST_PORT/healthz" >/dev/null; then
            return 0
        fi
        sleep 2
    done
    return 1
}

main() {
    [[ -S "$DOCKER_SOCK" ]] || { log "no engine socket at $DOCKER_SOCK"; exit 69; }
    pull_image

    local old new
    old=$(current_id)
    if [[ -n "$old" ]]; then
        log "stopping ${old:0:12}"
        engine POST "/containers/$old/stop?t=20" >/dev/null || true
        engine POST "/containers/$old/rename?name=${NAME}-previous" >/dev/null
    fi

    new=$(create_spec | engine POST "/containers/create?name=$NAME" --data-binary @- \
          | python3 -c 'import sys,json; print(json.load(sys.stdin)["Id"])')
    engine POST "/containers/$new/start" >/dev/null
    log "started ${new:0:12} from $IMAGE"

    if wait_healthy; then
        [[ -n "$old" ]] && engine DELETE "/containers/$old?v=0" >/dev/null
        log "refresh complete"
    else
        log "new container unhealthy, rolling back"
        engine POST "/containers/$new/stop?t=5" >/dev/null || true
        engine DELETE "/containers/$new" >/dev/null || true
        if [[ -n "$old" ]]; then
            engine POST "/containers/$old/rename?name=$NAME" >/dev/null
            engine POST "/containers/$old/start" >/dev/null
        fi
        exit 1
    fi
}

main
