#!/usr/bin/env bash
# render_container.sh - run a headless plot/render job in the office
# render image by talking to the Docker Engine API over its unix socket
# (the seats have no docker CLI installed, only the daemon).
set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
IMAGE="${RENDER_IMAGE:-registry.example.com/plotroom/render:2024.2}"
JOB_DIR="${1:-./render_job}"
OUT_DIR="${2:-./render_out}"
TIMEOUT_S="${RENDER_TIMEOUT:-1800}"

log() { echo "[render] $(date '+%T') $*"; }

docker_api() {
    local method="$1" path="$2" body="${3:-}"
    if [[ -n "$body" ]]; then
        curl -fsS --unix-socket "$SOCK" -X "$method" \
             -H 'Content-Type: application/json' -d "$body" "$API$path"
    else
        curl -fsS --unix-socket "$SOCK" -X "$method" "$API$path"
    fi
}

[[ -S "$SOCK" ]] || { log "docker socket $SOCK not found"; exit 1; }
[[ -d "$JOB_DIR" ]] || { log "job directory $JOB_DIR missing"; exit 1; }
mkdir -p "$OUT_DIR"

JOB_ABS="$(cd "$JOB_DIR" && pwd)"
OUT_ABS="$(cd "$OUT_DIR" && pwd)"

log "engine version: $(docker_api GET /version | python3 -c 'import json,sys; print(json.load(sys.stdin).get("Version"))')"

# Build the create request with python; paths arrive through the env.
CREATE_BODY="$(JOB_ABS="$JOB_ABS" OUT_ABS="$OUT_ABS" IMAGE="$IMAGE" UID_GID="$(id -u):$(id -g)" python3 - <<'PY'
import json, os
body = {
    "Image": os.environ["IMAGE"],
    "Cmd": ["render-sheets", "--in", "/job", "--out", "/out", "--dpi", "600"],
    "User": os.environ["UID_GID"],
    "WorkingDir": "/job",
    "HostConfig": {
        "Binds": [f'{os.environ["JOB_ABS"]}:/job:ro', f'{os.environ["OUT_ABS"]}:/out:rw'],
        "NetworkMode": "none",
        "Memory": 8 * 1024 ** 3,
        "AutoRemove": False,
    },
    "Labels": {"plotroom.job": os.path.basename(os.environ["JOB_ABS"])},
}
print(json.dumps(body))
PY
)"

log "pulling $IMAGE (if needed)"
docker_api POST "/images/create?fromImage=${IMAGE%:*}&tag=${IMAGE##*:}" >/dev/null || log "pull failed, trying local image"

CID="$(docker_api POST /containers/create "$CREATE_BODY" \
       | python3 -c 'import json,sys; print(json.load(sys.stdin)["Id"])')"
log "container ${CID:0:12} created"

cleanup() {
    docker_api DELETE "/containers/$CID?force=true" >/dev/null 2>&1 || true
}
trap cleanup EXIT

docker_api POST "/containers/$CID/start" >/dev/null
log "rendering $JOB_ABS -> $OUT_ABS (timeout ${TIMEOUT_S}s)"

STATUS="$(timeout "$TIMEOUT_S" curl -fsS --unix-socket "$SOCK" -X POST "$API/containers/$CID/wait" \
          | python3 -c 'import json,sys; print(json.load(sys.stdin).get("StatusCode", -1))' || echo timeout)"

docker_api GET "/containers/$CID/logs?stdout=1&stderr=1&tail=50" | tr -cd '\11\12\15\40-\176' > "$OUT_ABS/render.log" || true

if [[ "$STATUS" == "0" ]]; then
    log "render finished: $(find "$OUT_ABS" -name '*.pdf' | wc -l) sheet(s) in $OUT_ABS"
else
    log "render failed (status $STATUS), see $OUT_ABS/render.log"
    exit 1
fi
