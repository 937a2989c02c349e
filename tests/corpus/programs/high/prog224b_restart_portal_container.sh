#!/usr/bin/env bash
# Restart unhealthy applicant-portal containers on this host by talking to
# the Docker Engine API over its unix socket (the deploy box has no docker
# CLI installed, only the daemon).
#
#   prog224b_restart_portal_container.sh [-l label] [-t timeout] [-n]

set -uo pipefail

SOCKET="${DOCKER_SOCKET:-/var/run/docker.sock}"
LABEL="com.example.service=applicant-portal"
STOP_TIMEOUT=20
DRY_RUN=0
API="http://localhost/v1.43"

log() { printf '%s restart-portal: %s\n' "$(date +%FT%T)" "$*" >&2; }

while getopts ":l:t:n" opt; do
    case "$opt" in
        l) LABEL="$OPTARG" ;;
        t) STOP_TIMEOUT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) sed -n '2,6p' "$0"; exit 1 ;;
    esac
done

if [[ ! -S "$SOCKET" ]]; then
    log "docker socket $SOCKET not found"
    exit 2
fi

docker_api() {
    local method="$1" path="$2"
    curl -sS --unix-socket "$SOCKET" -X "$method" --max-time 60 "$API$path"
}

list_containers() {
    local filters
    filters="$(LABEL="$LABEL" python3 -c 'import json,os,urllib.parse; print(urllib.parse.quote(json.dumps({"label":[os.environ["LABEL"]]})))')"
    docker_api GET "/containers/json?all=1&filters=$filters"
}

CONTAINERS_JSON="$(list_containers)" || { log "listing containers failed"; exit 3; }

# pick out the ones that need a kick: unhealthy, exited, or restarting
TARGETS="$(CONTAINERS_JSON="$CONTAINERS_JSON" python3 - <<'PY'
import json, os, sys
try:
    items = json.loads(os.environ["CONTAINERS_JSON"])
except json.JSONDecodeError as exc:
    print(f"bad API answer: {exc}", file=sys.stderr)
    sys.exit(1)
for item in items:
    status = item.get("Status", "")
    state = item.get("State", "")
    name = (item.get("Names") or ["?"])[0].lstrip("/")
    if "unhealthy" in status or state in ("exited", "restarting", "dead"):
        print(f"{item['Id'][:12]}\t{name}\t{state}")
PY
)" || exit 4

if [[ -z "$TARGETS" ]]; then
    log "all portal containers healthy"
    exit 0
fi

failures=0
while IFS=$'\t' read -r cid name state; do
    [[ -n "$cid" ]] || continue
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would restart $name ($cid, $state)"
        continue
    fi
    log "restarting $name ($cid, was $state)"
    if docker_api POST "/containers/$cid/restart?t=$STOP_TIMEOUT" >/dev/null; then
        sleep 3
        new_state="$(docker_api GET "/containers/$cid/json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["State"]["Status"])')"
        log "$name is now $new_state"
        [[ "$new_state" == "running" ]] || failures=$((failures + 1))
    else
        log "restart call for $name failed"
        failures=$((failures + 1))
    fi
done <<< "$TARGETS"

exit $(( failures > 0 ? 5 : 0 ))
