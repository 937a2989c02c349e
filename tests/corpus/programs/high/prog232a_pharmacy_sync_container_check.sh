#!/usr/bin/env bash
# Health check for the pharmacy-sync container stack on the records server.
# Talks to the Docker Engine API over its local socket, lists the containers
# labelled for the pharmacy-sync stack, and restarts any that report
# "unhealthy" (at most MAX_RESTARTS per run).
set -uo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
STACK_LABEL="${STACK_LABEL:-org.example.hospice.stack=pharmacy-sync}"
MAX_RESTARTS="${MAX_RESTARTS:-2}"
STATE_FILE="${STATE_FILE:-./pharmacy_sync_health.json}"
DRY_RUN=0

usage() { echo "usage: $0 [-n] [-m max_restarts] [-l label]"; }

while getopts ":nm:l:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        m) MAX_RESTARTS="$OPTARG" ;;
        l) STACK_LABEL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

log() { echo "$(date '+%F %T') $*" >&2; }

api() {
    local method="$1" path="$2"
    curl -sS --fail --unix-socket "$DOCKER_SOCK" -X "$method" "http://docker.example.com/v1.43$path"
}

if [ ! -S "$DOCKER_SOCK" ]; then
    log "docker socket $DOCKER_SOCK not available"
    exit 1
fi

filters="$(LABEL="$STACK_LABEL" python3 -c '
import json, os, urllib.parse
print(urllib.parse.quote(json.dumps({"label": [os.environ["LABEL"]]})))
')"

if ! listing="$(api GET "/containers/json?all=1&filters=$filters")"; then
    log "could not list containers"
    exit 1
fi

# Summarise with Python: the listing goes in through an env var, one
# "id name state health" line per container comes out on stdout.
summary="$(LISTING="$listing" python3 - <<'PY'
import json, os, re
for c in json.loads(os.environ["LISTING"]):
    name = (c.get("Names") or ["?"])[0].lstrip("/")
    status = c.get("Status", "")
    m = re.search(r"\((healthy|unhealthy|health: starting)\)", status)
    health = m.group(1).replace("health: ", "") if m else "none"
    print(c["Id"][:12], name, c.get("State", "?"), health)
PY
)"

restarts=0
unhealthy=0
while read -r cid name state health; do
    [ -z "${cid:-}" ] && continue
    log "$name: state=$state health=$health"
    if [ "$health" = "unhealthy" ] || [ "$state" = "exited" ]; then
        unhealthy=$((unhealthy + 1))
        if [ "$restarts" -ge "$MAX_RESTARTS" ]; then
            log "restart limit reached, leaving $name alone"
            continue
        fi
        if [ "$DRY_RUN" -eq 1 ]; then
            log "would restart $name"
        elif api POST "/containers/$cid/restart?t=20" >/dev/null; then
            log "restarted $name"
            restarts=$((restarts + 1))
        else
            log "restart of $name failed"
        fi
    fi
done <<<"$summary"

SUMMARY="$summary" RESTARTS="$restarts" UNHEALTHY="$unhealthy" OUT="$STATE_FILE" python3 -c '
import json, os, time
rows = [l.split() for l in os.environ["SUMMARY"].splitlines() if l.strip()]
json.dump({"checked_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
           "containers": [dict(zip(("id", "name", "state", "health"), r)) for r in rows],
           "unhealthy": int(os.environ["UNHEALTHY"]),
           "restarted": int(os.environ["RESTARTS"])}, open(os.environ["OUT"], "w"), indent=2)
'
log "done: $unhealthy unhealthy, $restarts restarted"
