#!/usr/bin/env bash
# Watchdog for the warehouse restock stack running in Docker.
# Lists containers through the Docker Engine socket, finds restock services
# that are unhealthy or exited, and restarts them.
set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
NAME_PREFIX="${NAME_PREFIX:-restock-}"
API="http://localhost/v1.43"
DRY_RUN=0
STATE_FILE="./restock_watchdog.state"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    echo "usage: $0 [-p name-prefix] [-n]" >&2
    exit 1
}

while getopts ":p:n" opt; do
    case "$opt" in
        p) NAME_PREFIX="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

if [[ ! -S "$SOCK" ]]; then
    log "docker socket $SOCK not found"
    exit 1
fi

docker_api() {
    local method="$1" path="$2"
    curl -sS --fail --unix-socket "$SOCK" -X "$method" "${API}${path}"
}

CONTAINERS_JSON="$(docker_api GET '/containers/json?all=true')"

# Pick restock containers that need attention; data handed over via env.
export CONTAINERS_JSON NAME_PREFIX
TARGETS="$(python3 -c '
import json, os
prefix = os.environ["NAME_PREFIX"]
for c in json.loads(os.environ["CONTAINERS_JSON"]):
    names = [n.lstrip("/") for n in c.get("Names", [])]
    if not any(n.startswith(prefix) for n in names):
        continue
    status = c.get("Status", "")
    state = c.get("State", "")
    if state == "exited" or "unhealthy" in status:
        print(c["Id"][:12], names[0], state, sep="\t")
')"
unset CONTAINERS_JSON

if [[ -z "$TARGETS" ]]; then
    log "all ${NAME_PREFIX}* containers healthy"
    echo "$(date +%s) ok" > "$STATE_FILE"
    exit 0
fi

restarted=0
failed=0
while IFS=$'\t' read -r cid name state; do
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would restart $name ($cid, $state)"
        continue
    fi
    log "restarting $name ($cid, was $state)"
    if docker_api POST "/containers/${cid}/restart?t=10" >/dev/null; then
        restarted=$((restarted + 1))
    else
        log "restart of $name failed"
        failed=$((failed + 1))
    fi
done <<< "$TARGETS"

echo "$(date +%s) restarted=$restarted failed=$failed" > "$STATE_FILE"
log "done: $restarted restarted, $failed failed"
[[ "$failed" -eq 0 ]]
