#!/usr/bin/env bash
# records_search_api_deploy.sh - (re)deploy the public-records search API
# container on the records host. Talks to the Docker Engine API directly so it
# works on the hardened hosts where the docker CLI is not installed.
#
#   records_search_api_deploy.sh [-t tag] [-p host_port] [--index-dir DIR]
set -euo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
IMAGE="registry.records.county.local/records-search-api"
TAG="stable"
NAME="records-search-api"
HOST_PORT=8095
INDEX_DIR="$(pwd)/index"

while [[ $# -gt 0 ]]; do
    case "$1" in
        -t) TAG="$2"; shift 2 ;;
        -p) HOST_PORT="$2"; shift 2 ;;
        --index-dir) INDEX_DIR="$(readlink -f "$2")"; shift 2 ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

engine() {
    local method="$1" path="$2"; shift 2
    curl -sS --fail-with-body --unix-socket "$DOCKER_SOCK" -X "$method" \
        -H 'Content-Type: application/json' "$@" "${API}${path}"
}

step() { echo "[$(date +%T)] $*"; }

[[ -S "$DOCKER_SOCK" ]] || { echo "docker socket $DOCKER_SOCK not found" >&2; exit 1; }
[[ -d "$INDEX_DIR" ]] || { echo "index dir $INDEX_DIR missing (run the indexer first)" >&2; exit 1; }

step "engine version: $(engine GET /version | jq -r '.Version')"

step "pulling ${IMAGE}:${TAG}"
engine POST "/images/create?fromImage=${IMAGE}&tag=${TAG}" >/dev/null

if engine GET "/containers/${NAME}/json" >/dev/null 2>&1; then
    step "stopping existing ${NAME}"
    engine POST "/containers/${NAME}/stop?t=20" >/dev/null || true
    engine DELETE "/containers/${NAME}?force=true" >/dev/null
fi

payload=$(jq -n \
    --arg image "${IMAGE}:${TAG}" \
    --arg port "${HOST_PORT}" \
    --arg index "${INDEX_DIR}" \
    '{
        Image: $image,
        Env: ["INDEX_PATH=/index", "WORKERS=4", "LOG_FORMAT=json"],
        ExposedPorts: {"8000/tcp": {}},
        Labels: {"org.county.records": "search-api"},
        HostConfig: {
            Binds: [($index + ":/index:ro")],
            PortBindings: {"8000/tcp": [{HostIp: "127.0.0.1", HostPort: $port}]},
            RestartPolicy: {Name: "unless-stopped"},
            Memory: 2147483648
        },
        Healthcheck: {
            Test: ["CMD", "curl", "-fs", "http://localhost:8000/healthz"],
            Interval: 15000000000, Retries: 4
        }
    }')

step "creating ${NAME}"
cid=$(engine POST "/containers/create?name=${NAME}" -d "$payload" | jq -r '.Id')
engine POST "/containers/${cid}/start" >/dev/null
step "started ${cid:0:12}"

for i in $(seq 1 20); do
    status=$(engine GET "/containers/${cid}/json" | jq -r '.State.Health.Status // .State.Status')
    case "$status" in
        healthy) step "healthy after $((i * 3))s"; exit 0 ;;
        unhealthy|exited|dead) step "container is ${status}"; engine GET "/containers/${cid}/logs?stdout=1&stderr=1&tail=50" | strings; exit 1 ;;
    esac
    sleep 3
done
step "timed out waiting for health (last status: ${status})"
exit 1
