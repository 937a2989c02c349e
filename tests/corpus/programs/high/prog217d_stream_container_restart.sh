#!/usr/bin/env bash
# stream_container_restart.sh - find the encoder container on the playout
# host through the Docker API socket, restart it if it is unhealthy and show
# the last lines of its log.
#
# usage: stream_container_restart.sh [-l LABEL] [-f] [-t TAIL]
set -uo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
LABEL="station.role=encoder"
FORCE=0
TAIL=30

log() { printf '%s [encoder-restart] %s\n' "$(date '+%T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":l:ft:" opt; do
    case "$opt" in
        l) LABEL="$OPTARG" ;;
        f) FORCE=1 ;;
        t) TAIL="$OPTARG" ;;
        *) echo "usage: $(basename "$0") [-l LABEL] [-f] [-t TAIL]" >&2; exit 2 ;;
    esac
done

[[ -S "$SOCK" ]] || die "docker socket $SOCK not found"

api() {
    local method="$1" path="$2"
    curl -sS --max-time 30 --unix-socket "$SOCK" -X "$method" "$API$path"
}

filters="$(LABEL="$LABEL" python3 -c '
import json, os, urllib.parse
print(urllib.parse.quote(json.dumps({"label": [os.environ["LABEL"]]})))
')"

CONTAINERS_JSON="$(api GET "/containers/json?all=1&filters=$filters")" \
    || die "docker API not reachable"
export CONTAINERS_JSON

# python picks the container and prints: id name state health
read -r cid cname cstate chealth < <(python3 -c '
import json, os, sys
items = json.loads(os.environ["CONTAINERS_JSON"] or "[]")
if not items:
    sys.exit(0)
c = items[0]
status = c.get("Status", "")
health = "unhealthy" if "unhealthy" in status else ("healthy" if "healthy" in status else "none")
print(c["Id"][:12], c["Names"][0].lstrip("/"), c.get("State", "unknown"), health)
')

[[ -n "${cid:-}" ]] || die "no container with label $LABEL"
log "found $cname ($cid): state=$cstate health=$chealth"

if [[ "$cstate" == "running" && "$chealth" != "unhealthy" && $FORCE -eq 0 ]]; then
    log "encoder looks fine, not restarting (use -f to force)"
    exit 0
fi

log "restarting $cname"
code="$(curl -sS --max-time 60 --unix-socket "$SOCK" -o /dev/null -w '%{http_code}' \
        -X POST "$API/containers/$cid/restart?t=10")"
[[ "$code" == "204" ]] || die "restart returned HTTP $code"

sleep 5
state="$(api GET "/containers/$cid/json" | python3 -c '
import json, sys
print(json.load(sys.stdin).get("State", {}).get("Status", "unknown"))
')"
log "state after restart: $state"

log "last $TAIL log lines:"
api GET "/containers/$cid/logs?stdout=1&stderr=1&tail=$TAIL" \
    | tr -d '\000-\010' | sed 's/^/    /'

[[ "$state" == "running" ]] || exit 1
