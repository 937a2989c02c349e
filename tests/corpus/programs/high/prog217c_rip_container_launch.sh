#!/usr/bin/env bash
# rip_container_launch.sh - start the containerised PDF RIP engine.
# The engine needs raw access to the dongle and the GPU, so it is started
# privileged; the container is created through the Docker socket by a small
# Python client with the settings passed in environment variables.
set -euo pipefail

IMAGE="${RIP_IMAGE:-registry.example.com/prepress/pdf-rip:7.2}"
NAME="${RIP_NAME:-pdf-rip}"
JOBS_DIR="${JOBS_DIR:-/srv/prepress/jobs}"
OUT_DIR="${OUT_DIR:-/srv/rip/out}"
SOCKET="${DOCKER_SOCKET:-/var/run/docker.sock}"
REPLACE=0

log() { echo "$(date '+%F %T') [rip-launch] $*" >&2; }

usage() {
    echo "Usage: $0 [-i image] [-n name] [-j jobs_dir] [-o out_dir] [-r]" >&2
    exit 2
}

while getopts "i:n:j:o:rh" opt; do
    case "$opt" in
        i) IMAGE="$OPTARG" ;;
        n) NAME="$OPTARG" ;;
        j) JOBS_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        r) REPLACE=1 ;;
        *) usage ;;
    esac
done

check_dirs() {
    local d
    for d in "$JOBS_DIR" "$OUT_DIR"; do
        [[ -d "$d" ]] || { log "missing directory $d"; exit 1; }
    done
    [[ -S "$SOCKET" ]] || { log "docker socket $SOCKET not available"; exit 1; }
}

docker_api() {
    # usage: docker_api METHOD PATH [JSON_BODY]
    API_METHOD="$1" API_PATH="$2" API_BODY="${3:-}" SOCKET="$SOCKET" python3 - <<'PYEOF'
import http.client
import os
import socket
import sys

class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path
    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.unix_path)

conn = UnixHTTPConnection(os.environ["SOCKET"])
body = os.environ.get("API_BODY") or None
headers = {"Content-Type": "application/json"} if body else {}
conn.request(os.environ["API_METHOD"], os.environ["API_PATH"], body=body, headers=headers)
resp = conn.getresponse()
sys.stdout.write(resp.read().decode())
sys.exit(0 if resp.status < 400 else 1)
PYEOF
}

create_body() {
    IMAGE="$IMAGE" JOBS_DIR="$JOBS_DIR" OUT_DIR="$OUT_DIR" python3 -c '
import json, os
print(json.dumps({
    "Image": os.environ["IMAGE"],
    "HostConfig": {
        "Privileged": True,
        "Binds": [os.environ["JOBS_DIR"] + ":/jobs:ro", os.environ["OUT_DIR"] + ":/out"],
        "AutoRemove": True,
    },
}))'
}

main() {
    check_dirs
    if docker_api GET "/containers/$NAME/json" >/dev/null 2>&1; then
        if (( REPLACE )); then
            log "removing existing container $NAME"
            docker_api DELETE "/containers/$NAME?force=true" >/dev/null
        else
            log "container $NAME already exists (use -r to replace)"
            exit 0
        fi
    fi
    local body id
    body="$(create_body)"
    id="$(docker_api POST "/containers/create?name=$NAME" "$body" | python3 -c 'import json,sys; print(json.load(sys.stdin)["Id"][:12])')"
    docker_api POST "/containers/$id/start" >/dev/null
    log "started $NAME ($id) from $IMAGE"
}

main
