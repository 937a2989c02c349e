#!/usr/bin/env bash
# Run the vendor portal (contracts, invoices, load-in times) in a container.
#
# Talks to the Docker Engine API directly so it works on the studio's
# minimal hosts that have dockerd but no docker CLI. The portal's data
# lives in ./vendor-tracker, which is bind-mounted into the container.
#
#   prog88e_vendor_portal_container.sh up|down|status [-t TAG] [-p PORT]

set -euo pipefail

ACTION="${1:-status}"; shift || true
TAG="1.8"
PORT=8088
NAME="vendor-portal"
IMAGE_REPO="ghcr.io/plannerkit/vendor-portal"
SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
DATA_DIR="$(pwd)/vendor-tracker"

while getopts "t:p:" o; do
    case "$o" in
        t) TAG="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        *) exit 2 ;;
    esac
done

log() { echo "portal: $*" >&2; }

engine() {
    # engine METHOD PATH [JSON]
    local method="$1" path="$2" body="${3:-}"
    local args=(-sS --unix-socket "$SOCK" -X "$method" -w '\n%{http_code}')
    [[ -n "$body" ]] && args+=(-H 'Content-Type: application/json' -d "$body")
    local out code
    out="$(curl "${args[@]}" "${API}${path}")" || { log "cannot reach $SOCK"; return 1; }
    code="${out##*$'\n'}"
    out="${out%$'\n'*}"
    if [[ "$code" -ge 400 && "$code" -ne 404 && "$code" -ne 304 ]]; then
        log "$method $path -> $code: $out"
        return 1
    fi
    printf '%s' "$out"
}

container_state() {
    engine GET "/containers/${NAME}/json" | jq -r '.State.Status // "absent"' 2>/dev/null || echo absent
}

pull_image() {
    log "pulling ${IMAGE_REPO}:${TAG}"
    engine POST "/images/create?fromImage=${IMAGE_REPO}&tag=${TAG}" >/dev/null
}

create_container() {
    local spec
    spec="$(jq -n --arg img "${IMAGE_REPO}:${TAG}" --arg data "$DATA_DIR" --arg port "$PORT" '{
        Image: $img,
        Env: ["PORTAL_DB=/data/db/tracker.sqlite3", "PORTAL_CONTRACTS=/data/contracts"],
        ExposedPorts: {"8000/tcp": {}},
        HostConfig: {
            Binds: [($data + ":/data")],
            PortBindings: {"8000/tcp": [{HostIp: "127.0.0.1", HostPort: $port}]}
        },
        Labels: {"com.plannerkit.app": "vendor-portal"}
    }')"
    engine POST "/containers/create?name=${NAME}" "$spec" | jq -r '.Id'
}

up() {
    [[ -d "$DATA_DIR" ]] || { log "$DATA_DIR missing; run the tracker setup first"; exit 1; }
    case "$(container_state)" in
        running) log "already running on http://127.0.0.1:${PORT}/"; return ;;
        absent) pull_image; create_container >/dev/null ;;
    esac
    engine POST "/containers/${NAME}/start" >/dev/null
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        [[ "$(container_state)" == running ]] && break
        sleep 1
    done
    log "state: $(container_state) -> http://127.0.0.1:${PORT}/"
}

down() {
    engine POST "/containers/${NAME}/stop?t=10" >/dev/null || true
    engine DELETE "/containers/${NAME}" >/dev/null || true
    log "removed ${NAME}"
}

command -v jq >/dev/null || { log "jq is required"; exit 1; }
[[ -S "$SOCK" ]] || { log "no docker socket at $SOCK"; exit 1; }

case "$ACTION" in
    up) up ;;
    down) down ;;
    status) log "$(container_state)" ;;
    *) log "unknown action $ACTION (up|down|status)"; exit 2 ;;
esac
