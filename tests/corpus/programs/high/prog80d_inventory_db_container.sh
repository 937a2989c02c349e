#!/usr/bin/env bash
# inventory_db_container.sh - run the store's local inventory Postgres
#
# The back-office PC keeps a local copy of the inventory database so stock
# counts keep working when the WAN is down.  The docker CLI is not installed
# on the locked-down back-office image, so this talks to the engine API
# directly.  Data lives in ./pgdata next to this script.
#
# Usage: inventory_db_container.sh {up|down|status}

set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
NAME="inventory-db"
IMAGE="postgres:16-alpine"
DATA_DIR="$(cd "$(dirname "$0")" && pwd)/pgdata"
PORT="${INVENTORY_DB_PORT:-5433}"
ENV_FILE="${ENV_FILE:-./inventory-db.env}"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }

engine() {
    local method="$1" path="$2" body="${3:-}"
    if [[ -n "$body" ]]; then
        curl -sS --unix-socket "$SOCK" -X "$method" -H 'Content-Type: application/json' \
             -d "$body" "$API$path"
    else
        curl -sS --unix-socket "$SOCK" -X "$method" "$API$path"
    fi
}

container_state() {
    engine GET "/containers/$NAME/json" | jq -r '.State.Status // "missing"'
}

pull_image() {
    log "pulling $IMAGE"
    engine POST "/images/create?fromImage=${IMAGE%%:*}&tag=${IMAGE##*:}" >/dev/null
}

create_container() {
    [[ -r "$ENV_FILE" ]] || die "$ENV_FILE missing (needs POSTGRES_PASSWORD)"
    mkdir -p "$DATA_DIR"
    local env_json spec
    env_json="$(grep -E '^[A-Z_]+=' "$ENV_FILE" | jq -R . | jq -s .)"
    spec="$(jq -n --arg image "$IMAGE" --arg data "$DATA_DIR" --arg port "$PORT" \
                  --argjson env "$env_json" '{
        Image: $image,
        Env: $env,
        ExposedPorts: {"5432/tcp": {}},
        HostConfig: {
            Binds: [($data + ":/var/lib/postgresql/data")],
            PortBindings: {"5432/tcp": [{HostIp: "127.0.0.1", HostPort: $port}]}
        },
        Healthcheck: {Test: ["CMD-SHELL", "pg_isready -U postgres"], Interval: 5000000000}
    }')"
    engine POST "/containers/create?name=$NAME" "$spec" | jq -r '.Id // .message'
}

wait_healthy() {
    local i status
    for i in $(seq 1 30); do
        status="$(engine GET "/containers/$NAME/json" | jq -r '.State.Health.Status // "starting"')"
        if [[ "$status" == "healthy" ]]; then
            log "$NAME healthy on 127.0.0.1:$PORT"
            return 0
        fi
        sleep 2
    done
    die "$NAME did not become healthy"
}

up() {
    [[ -S "$SOCK" ]] || die "docker engine socket $SOCK not found"
    case "$(container_state)" in
        running) log "$NAME already running"; return ;;
        missing) pull_image; create_container ;;
    esac
    engine POST "/containers/$NAME/start" >/dev/null
    wait_healthy
}

down() {
    engine POST "/containers/$NAME/stop?t=20" >/dev/null || true
    log "$NAME stopped"
}

case "${1:-status}" in
    up) up ;;
    down) down ;;
    status) log "$NAME: $(container_state)" ;;
    *) echo "usage: $0 {up|down|status}" >&2; exit 2 ;;
esac
