#!/usr/bin/env bash
# gallery_stack_up.sh - (re)start the client proofing gallery container
# (PhotoPrism) on the studio server, pointed at the delivered-shoots folder.
#
# Talks to the Docker Engine API directly with curl, because the server only
# has the engine installed (no docker CLI / compose plugin).
#
#   gallery_stack_up.sh [--image photoprism/photoprism:240915] [--port 2342]
set -euo pipefail

SOCK=${DOCKER_SOCK:-/var/run/docker.sock}
API=v1.43
NAME=proofing-gallery
IMAGE=photoprism/photoprism:240915
PORT=2342
ORIGINALS=${GALLERY_ORIGINALS:-/srv/studio/delivered}
STORAGE=${GALLERY_STORAGE:-/srv/studio/gallery-storage}
ADMIN_PASSWORD=${GALLERY_ADMIN_PASSWORD:-}

while [[ $# -gt 0 ]]; do
    case $1 in
        --image) IMAGE=$2; shift 2 ;;
        --port)  PORT=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

api() {
    local method=$1 path=$2; shift 2
    curl -sS --fail-with-body --unix-socket "$SOCK" -X "$method" \
        -H 'Content-Type: application/json' "http://localhost/$API$path" "$@"
}

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*"; }

[[ -S $SOCK ]] || { echo "docker socket $SOCK not found" >&2; exit 1; }
[[ -n $ADMIN_PASSWORD ]] || { echo "set GALLERY_ADMIN_PASSWORD" >&2; exit 1; }
mkdir -p "$STORAGE"

log "pulling $IMAGE"
api POST "/images/create?fromImage=${IMAGE%%:*}&tag=${IMAGE##*:}" -o /dev/null

if api GET "/containers/$NAME/json" -o /dev/null 2>/dev/null; then
    log "replacing existing $NAME"
    api POST "/containers/$NAME/stop?t=20" -o /dev/null || true
    api DELETE "/containers/$NAME?v=false" -o /dev/null
fi

spec=$(python3 - "$IMAGE" "$PORT" "$ORIGINALS" "$STORAGE" "$ADMIN_PASSWORD" <<'PY'
import json, sys
image, port, originals, storage, pw = sys.argv[1:]
print(json.dumps({
    "Image": image,
    "Env": [
        f"PHOTOPRISM_ADMIN_PASSWORD={pw}",
        "PHOTOPRISM_READONLY=true",
        "PHOTOPRISM_DISABLE_TENSORFLOW=false",
        "PHOTOPRISM_SITE_TITLE=Client Proofs",
        "PHOTOPRISM_ORIGINALS_LIMIT=20000",
    ],
    "ExposedPorts": {"2342/tcp": {}},
    "HostConfig": {
        "Binds": [f"{originals}:/photoprism/originals:ro", f"{storage}:/photoprism/storage"],
        "PortBindings": {"2342/tcp": [{"HostIp": "127.0.0.1", "HostPort": port}]},
        "RestartPolicy": {"Name": "unless-stopped"},
        "Devices": [{"PathOnHost": "/dev/dri", "PathInContainer": "/dev/dri",
                     "CgroupPermissions": "rwm"}],
    },
    "Labels": {"studio.role": "proofing"},
}))
PY
)

log "creating $NAME"
api POST "/containers/create?name=$NAME" -d "$spec" | python3 -c 'import json,sys; print("id", json.load(sys.stdin)["Id"][:12])'
api POST "/containers/$NAME/start" -o /dev/null

for _ in $(seq 1 30); do
    state=$(api GET "/containers/$NAME/json" | python3 -c 'import json,sys; s=json.load(sys.stdin)["State"]; print(s.get("Health",{}).get("Status", s["Status"]))')
    case $state in
        healthy|running) log "gallery is $state on 127.0.0.1:$PORT"; exit 0 ;;
        exited|dead) log "container $state"; api GET "/containers/$NAME/logs?stdout=1&stderr=1&tail=40" --output - | tr -d '\000-\010'; exit 1 ;;
    esac
    sleep 2
done
log "timed out waiting for $NAME"
exit 1
