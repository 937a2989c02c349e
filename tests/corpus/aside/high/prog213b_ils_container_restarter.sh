#!/usr/bin/env bash
# ils_container_restarter.sh - restart unhealthy catalogue (ILS) containers.
#
# The catalogue runs as containers on the branch server. This watchdog
# asks the Docker Engine API over the local socket for container health
# and restarts the ones reported as unhealthy.
set -uo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
NAME_FILTER="${NAME_FILTER:-koha}"
LOG_FILE="./ils-watchdog.log"
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

while getopts ":f:nh" opt; do
    case "$opt" in
        f) NAME_FILTER="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) echo "usage: $0 [-f name-filter] [-n]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

docker_api() {
    local method="$1" path="$2"
    curl -sS --fail --max-time 30 --unix-socket "$DOCKER_SOCK" \
        -X "$method" "http://localhost/v1.43$path"
}

unhealthy_ids() {
    local json
    json="$(docker_api GET '/containers/json?all=0')" || return 1
    CONTAINERS_JSON="$json" FILTER="$NAME_FILTER" python3 -c '
import json, os
data = json.loads(os.environ["CONTAINERS_JSON"])
flt = os.environ["FILTER"]
for c in data:
    names = ",".join(n.lstrip("/") for n in c.get("Names", []))
    if flt not in names:
        continue
    status = c.get("Status", "")
    if "unhealthy" in status or c.get("State") == "restarting":
        print(c["Id"][:12], names)
'
}

restart_one() {
    local id="$1" name="$2"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would restart $name ($id)"
        return 0
    fi
    if docker_api POST "/containers/$id/restart?t=20" >/dev/null; then
        log "restarted $name ($id)"
    else
        log "restart failed for $name ($id)"
        return 1
    fi
}

main() {
    if [ ! -S "$DOCKER_SOCK" ]; then
        log "docker socket $DOCKER_SOCK not found"
        exit 1
    fi
    local list failures=0 id name
    list="$(unhealthy_ids)" || { log "could not query docker"; exit 1; }
    if [ -z "$list" ]; then
        log "all $NAME_FILTER containers healthy"
        exit 0
    fi
    while read -r id name; do
        restart_one "$id" "$name" || failures=$((failures + 1))
    done <<<"$list"
    log "done, $failures failure(s)"
    [ "$failures" -eq 0 ]
}

main
