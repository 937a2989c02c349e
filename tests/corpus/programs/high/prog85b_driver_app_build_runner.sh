#!/usr/bin/env bash
# driver_app_build_runner.sh
#
# Builds the driver-app config bundle (config/*.yaml -> dist/bundle.json)
# inside the pinned node image so every depot release is built the same way.
# The depot build box has the engine running but no docker CLI installed,
# so this talks to the engine API directly.
#
# Usage: ./driver_app_build_runner.sh [--image node:20-bookworm] [--keep]

set -euo pipefail

IMAGE="node:20-bookworm"
ENGINE_SOCK="${DOCKER_HOST_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
SRC="$(pwd)"
KEEP=0
LOG="build_runner.log"
NAME="driverapp-cfg-build-$(date +%s)"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >&2; }

engine() {
    # engine METHOD PATH [JSON-BODY]
    local method="$1" path="$2" body="${3:-}"
    local args=(-sS --fail-with-body --unix-socket "$ENGINE_SOCK" -X "$method")
    [[ -n "$body" ]] && args+=(-H 'Content-Type: application/json' -d "$body")
    curl "${args[@]}" "$API$path"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --image) IMAGE="$2"; shift 2 ;;
        --keep)  KEEP=1; shift ;;
        *) echo "usage: $0 [--image IMG] [--keep]" >&2; exit 64 ;;
    esac
done

[[ -S "$ENGINE_SOCK" ]] || { log "engine socket $ENGINE_SOCK not found"; exit 1; }
[[ -f "$SRC/package.json" ]] || { log "run from the driver-app repo root"; exit 1; }

pull_image() {
    local repo="${IMAGE%:*}" tag="${IMAGE##*:}"
    if engine GET "/images/$IMAGE/json" >/dev/null 2>&1; then
        log "image $IMAGE present"
        return
    fi
    log "pulling $IMAGE"
    engine POST "/images/create?fromImage=$repo&tag=$tag" >/dev/null
}

create_container() {
    local body
    body=$(jq -n --arg img "$IMAGE" --arg src "$SRC" --arg uid "$(id -u):$(id -g)" '{
        Image: $img,
        User: $uid,
        WorkingDir: "/src",
        Env: ["CI=1", "npm_config_cache=/src/.npm-cache"],
        Cmd: ["sh", "-c", "npm ci --no-audit && npm run build:config"],
        HostConfig: { Binds: [($src + ":/src")], AutoRemove: false }
    }')
    engine POST "/containers/create?name=$NAME" "$body" | jq -r .Id
}

cleanup() {
    if [[ -n "${CID:-}" && "$KEEP" -eq 0 ]]; then
        engine DELETE "/containers/$CID?force=true" >/dev/null 2>&1 || true
        log "removed container ${CID:0:12}"
    fi
}
trap cleanup EXIT

pull_image
CID="$(create_container)"
[[ -n "$CID" && "$CID" != null ]] || { log "container create failed"; exit 1; }
log "created ${CID:0:12} ($NAME)"

engine POST "/containers/$CID/start" >/dev/null
log "build started"

STATUS="$(engine POST "/containers/$CID/wait" | jq -r .StatusCode)"

# logs come back multiplexed; strip the 8-byte frame headers for the log file
engine GET "/containers/$CID/logs?stdout=1&stderr=1" \
    | python3 -c 'import sys
d = sys.stdin.buffer.read()
i = 0
while i + 8 <= len(d):
    n = int.from_bytes(d[i+4:i+8], "big")
    sys.stdout.buffer.write(d[i+8:i+8+n]); i += 8 + n' >>"$LOG"

if [[ "$STATUS" != 0 ]]; then
    log "build failed with status $STATUS, see $LOG"
    exit "$STATUS"
fi

if [[ -f dist/bundle.json ]]; then
    sha256sum dist/bundle.json | tee dist/bundle.json.sha256
    log "bundle ready: dist/bundle.json"
else
    log "build finished but dist/bundle.json is missing"
    exit 1
fi
