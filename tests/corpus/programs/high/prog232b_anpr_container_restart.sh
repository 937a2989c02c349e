#!/usr/bin/env bash
# anpr_container_restart.sh
# The plate-recognition engine runs in a Docker container on the weighbridge
# PC. When plates stop arriving in the ticketing system, this script asks
# the Docker daemon (through its socket) for the container state, restarts
# it if it is unhealthy or stopped, and records what it did.
#
# Usage: anpr_container_restart.sh [--name anpr-engine] [--force] [--check-only]

set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
NAME="${ANPR_CONTAINER:-anpr-engine}"
FORCE=0
CHECK_ONLY=0
STATE_LOG="./anpr_restarts.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$STATE_LOG" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --name) NAME="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        --check-only) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
done

[[ -S "$SOCK" ]] || { log "docker socket $SOCK not found"; exit 1; }

docker_api() {
    local method="$1" path="$2"
    curl -sS --max-time 30 --unix-socket "$SOCK" -X "$method" "http://localhost/v1.43$path"
}

container_state() {
    # Inspect JSON is piped into Python; the fields we want come back as
    # "status health restarts started_at".
    docker_api GET "/containers/$NAME/json" | python3 -c '
import json, sys
try:
    info = json.load(sys.stdin)
except ValueError:
    print("missing none 0 -")
    sys.exit(0)
if "message" in info and "State" not in info:
    print("missing none 0 -")
    sys.exit(0)
st = info["State"]
health = (st.get("Health") or {}).get("Status", "none")
print(st.get("Status", "unknown"), health, info.get("RestartCount", 0), st.get("StartedAt", "-"))
'
}

restart_container() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 --unix-socket "$SOCK" \
        -X POST "http://localhost/v1.43/containers/$NAME/restart?t=15")"
    case "$code" in
        204) log "restart requested for $NAME" ;;
        404) log "container $NAME does not exist"; return 1 ;;
        *)   log "restart failed with HTTP $code"; return 1 ;;
    esac
}

wait_healthy() {
    local i status health _rest
    for i in $(seq 1 12); do
        read -r status health _rest < <(container_state)
        if [[ "$status" == running && ( "$health" == healthy || "$health" == none ) ]]; then
            log "$NAME is $status/$health after $((i * 5))s"
            return 0
        fi
        sleep 5
    done
    log "$NAME did not become healthy (last: $status/$health)"
    return 1
}

main() {
    local status health restarts started
    read -r status health restarts started < <(container_state)
    log "$NAME status=$status health=$health restarts=$restarts started=$started"

    if [[ "$status" == missing ]]; then
        log "no container named $NAME"
        exit 1
    fi
    if (( CHECK_ONLY )); then
        exit 0
    fi
    if [[ "$status" == running && "$health" != unhealthy && $FORCE -eq 0 ]]; then
        log "nothing to do"
        exit 0
    fi
    restart_container
    wait_healthy
}

main
