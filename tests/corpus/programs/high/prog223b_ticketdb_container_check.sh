#!/usr/bin/env bash
# ticketdb_container_check.sh - watchdog for the weighbridge ticket database
# container.  Talks to the Docker engine over its socket, checks the health of
# the ticket DB container and restarts it when it is unhealthy or stopped.
set -uo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
TARGET="${TARGET:-wb-ticketdb}"
RESTART=1
LOG_FILE="./ticketdb_watchdog.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --name) TARGET="$2"; shift 2 ;;
        --socket) DOCKER_SOCK="$2"; shift 2 ;;
        --check-only) RESTART=0; shift ;;
        -h|--help) echo "usage: $0 [--name container] [--socket path] [--check-only]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

docker_api() {
    local method="$1" path="$2"
    curl -sS --max-time 30 --unix-socket "$DOCKER_SOCK" -X "$method" "$API$path"
}

if [[ ! -S "$DOCKER_SOCK" ]]; then
    log "docker socket $DOCKER_SOCK not found"
    exit 1
fi

CONTAINERS="$(docker_api GET '/containers/json?all=1')" || { log "cannot list containers"; exit 1; }

# returns: "<id> <state> <health>" for the target container
read -r CID STATE HEALTH < <(CONTAINERS="$CONTAINERS" TARGET="$TARGET" python3 - <<'PY'
import json, os
target = "/" + os.environ["TARGET"]
for c in json.loads(os.environ["CONTAINERS"]):
    if target in c.get("Names", []):
        status = c.get("Status", "")
        health = "unhealthy" if "(unhealthy)" in status else ("healthy" if "(healthy)" in status else "none")
        print(c["Id"][:12], c.get("State", "unknown"), health)
        break
else:
    print("- missing none")
PY
)

log "container $TARGET id=$CID state=$STATE health=$HEALTH"

if [[ "$CID" == "-" ]]; then
    log "container $TARGET does not exist"
    exit 1
fi

needs_restart=0
if [[ "$STATE" != "running" ]]; then
    needs_restart=1
elif [[ "$HEALTH" == "unhealthy" ]]; then
    needs_restart=1
fi

if [[ $needs_restart -eq 0 ]]; then
    log "$TARGET is fine"
    exit 0
fi

if [[ $RESTART -eq 0 ]]; then
    log "$TARGET needs a restart (check-only mode)"
    exit 3
fi

log "restarting $TARGET"
code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 --unix-socket "$DOCKER_SOCK" \
        -X POST "$API/containers/$CID/restart?t=20")"
if [[ "$code" == "204" ]]; then
    log "restart requested OK"
else
    log "restart failed with HTTP $code"
    exit 1
fi

sleep 15
after="$(docker_api GET "/containers/$CID/json" | python3 -c 'import json,sys; s=json.load(sys.stdin)["State"]; print(s.get("Status"), s.get("Health", {}).get("Status", "none"))')"
log "after restart: $after"
