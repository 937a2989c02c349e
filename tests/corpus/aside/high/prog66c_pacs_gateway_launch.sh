#!/usr/bin/env bash
# (Re)launch the Orthanc-based PACS gateway container on this imaging node.
#
# Talks to the Docker Engine API directly so it also works on the hardened
# nodes where the docker CLI package is not installed.  The gateway needs
# the vendor USB licence dongle and the site's DICOM storage volume.
#
#   pacs_gateway_launch.sh [--image IMAGE] [--name NAME] [--recreate]

set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
IMAGE="${GATEWAY_IMAGE:-orthancteam/orthanc:24.6.2}"
NAME="pacs-gateway"
RECREATE=0
STORAGE="$(pwd)/orthanc-db"
CONFIG="$(pwd)/orthanc.json"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --image) IMAGE="$2"; shift 2 ;;
        --name) NAME="$2"; shift 2 ;;
        --recreate) RECREATE=1; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

log() { echo "[$(date -u +%FT%TZ)] $*" >&2; }

api() {
    local method="$1" path="$2"; shift 2
    curl --silent --show-error --fail-with-body --unix-socket "$SOCK" \
        -X "$method" -H 'Content-Type: application/json' "$@" "$API$path"
}

[[ -S "$SOCK" ]] || { log "no docker socket at $SOCK"; exit 1; }
[[ -f "$CONFIG" ]] || { log "missing $CONFIG"; exit 1; }
mkdir -p "$STORAGE"

container_state() {
    api GET "/containers/$NAME/json" 2>/dev/null | python3 -c \
        'import json,sys; print(json.load(sys.stdin)["State"]["Status"])' 2>/dev/null || echo absent
}

pull_image() {
    local repo="${IMAGE%:*}" tag="${IMAGE##*:}"
    log "pulling $repo:$tag"
    api POST "/images/create?fromImage=$repo&tag=$tag" > /dev/null
}

create_body() {
    python3 - "$IMAGE" "$STORAGE" "$CONFIG" <<'PY'
import json, sys
image, storage, config = sys.argv[1:4]
body = {
    "Image": image,
    "Env": ["VERBOSE_ENABLED=true", "DICOM_AET=PACSGW"],
    "ExposedPorts": {"4242/tcp": {}, "8042/tcp": {}},
    "HostConfig": {
        "Binds": [f"{storage}:/var/lib/orthanc/db", f"{config}:/etc/orthanc/orthanc.json:ro",
                  "/dev/bus/usb:/dev/bus/usb"],
        "PortBindings": {"4242/tcp": [{"HostPort": "4242"}],
                         "8042/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8042"}]},
        "Privileged": True,
    },
}
print(json.dumps(body))
PY
}

state="$(container_state)"
log "container $NAME is $state"

if [[ "$state" != absent && $RECREATE -eq 1 ]]; then
    log "removing existing $NAME"
    api DELETE "/containers/$NAME?force=true" > /dev/null
    state=absent
fi

if [[ "$state" == absent ]]; then
    pull_image
    create_body > ./.gateway-create.json
    api POST "/containers/create?name=$NAME" --data @./.gateway-create.json > /dev/null
    rm -f ./.gateway-create.json
    log "created $NAME from $IMAGE"
fi

if [[ "$(container_state)" != running ]]; then
    api POST "/containers/$NAME/start" > /dev/null
    log "started $NAME"
fi

for i in $(seq 1 15); do
    if curl -sf http://127.0.0.1:8042/system > /dev/null; then
        log "gateway answering on :8042"
        exit 0
    fi
    sleep 2
done
log "gateway did not come up; check: curl --unix-socket $SOCK $API/containers/$NAME/logs?stdout=1"
exit 1
