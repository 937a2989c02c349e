#!/usr/bin/env bash
# portal_container_restart.sh
#
# Restart the data portal's web and tile-server containers after a config
# push.  The portal host has no docker CLI installed, so the Docker Engine
# API is called directly over its unix socket with curl; JSON responses are
# picked apart by python3 reading them from an environment variable.
#
# Usage: portal_container_restart.sh [-p name_prefix] [-t timeout_s] [-l]

set -euo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
PREFIX="portal-"
STOP_TIMEOUT=20
LIST_ONLY=0

log() { echo "[$(date -u +%T)] portal-restart: $*" >&2; }

while getopts "p:t:l" opt; do
    case "$opt" in
        p) PREFIX="$OPTARG" ;;
        t) STOP_TIMEOUT="$OPTARG" ;;
        l) LIST_ONLY=1 ;;
        *) echo "usage: $0 [-p prefix] [-t seconds] [-l]" >&2; exit 2 ;;
    esac
done

docker_api() {
    local method="$1" path="$2"
    curl -fsS --max-time 60 --unix-socket "$DOCKER_SOCK" -X "$method" "$API$path"
}

if [[ ! -S "$DOCKER_SOCK" ]]; then
    log "docker socket $DOCKER_SOCK not found"
    exit 1
fi

containers_json="$(docker_api GET '/containers/json?all=1')"

# id<TAB>name<TAB>state for every container whose name starts with PREFIX
mapfile -t targets < <(
    CONTAINERS="$containers_json" NAME_PREFIX="$PREFIX" python3 -c '
import json, os
prefix = os.environ["NAME_PREFIX"]
for c in json.loads(os.environ["CONTAINERS"]):
    names = [n.lstrip("/") for n in c.get("Names", [])]
    match = [n for n in names if n.startswith(prefix)]
    if match:
        cid = c["Id"][:12]
        state = c.get("State", "?")
        print(cid, match[0], state, sep="\t")
'
)

if [[ "${#targets[@]}" -eq 0 ]]; then
    log "no containers matching '$PREFIX*'"
    exit 1
fi

for line in "${targets[@]}"; do
    IFS=$'\t' read -r cid name state <<< "$line"
    log "found $name ($cid) state=$state"
done

if [[ "$LIST_ONLY" -eq 1 ]]; then
    exit 0
fi

failed=0
for line in "${targets[@]}"; do
    IFS=$'\t' read -r cid name state <<< "$line"
    log "restarting $name"
    if ! docker_api POST "/containers/$cid/restart?t=$STOP_TIMEOUT" >/dev/null; then
        log "restart request failed for $name"
        failed=$((failed + 1))
        continue
    fi
    # wait for the container to report healthy or running
    for _ in $(seq 1 30); do
        inspect="$(docker_api GET "/containers/$cid/json")"
        status="$(INSPECT="$inspect" python3 -c '
import json, os
s = json.loads(os.environ["INSPECT"])["State"]
print(s.get("Health", {}).get("Status") or s.get("Status"))
')"
        if [[ "$status" == "healthy" || "$status" == "running" ]]; then
            log "$name is $status"
            break
        fi
        sleep 2
    done
    if [[ "$status" != "healthy" && "$status" != "running" ]]; then
        log "$name did not come back (last status: $status)"
        failed=$((failed + 1))
    fi
done

if curl -fsS --max-time 10 -o /dev/null "https://portal.example.org/healthz"; then
    log "public health check ok"
else
    log "public health check failed"
    failed=$((failed + 1))
fi

exit "$failed"
