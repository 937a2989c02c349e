#!/usr/bin/env bash
# Booking database container watchdog for the Snowline office server.
# The booking system's Postgres runs in a container named "booking-db".
# This checks its health through the Docker Engine API on the local socket
# and restarts it when it has been unhealthy for too long.
#
# Usage: prog226a_booking_db_container_watch.sh [-c container] [-m max_unhealthy_checks] [-n]
set -uo pipefail

SOCK="/var/run/docker.sock"
CONTAINER="booking-db"
MAX_BAD=3
DRY_RUN=0
STATE_FILE="./.booking_db_watch.state"

log() { printf '%s watch: %s\n' "$(date '+%F %T')" "$*"; }

while getopts ":c:m:nh" opt; do
    case "$opt" in
        c) CONTAINER="$OPTARG" ;;
        m) MAX_BAD="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "bad option"; exit 1 ;;
    esac
done

[[ -S "$SOCK" ]] || { log "docker socket $SOCK not available"; exit 2; }

api() {
    local method="$1" path="$2"
    curl -sS --unix-socket "$SOCK" -X "$method" --max-time 30 "http://localhost/v1.43$path"
}

inspect_json="$(api GET "/containers/$CONTAINER/json")" || { log "API call failed"; exit 3; }

# Parse the inspect document in Python; JSON is passed via the environment.
read -r status health restarts < <(INSPECT="$inspect_json" python3 -c '
import json, os
try:
    d = json.loads(os.environ["INSPECT"])
except ValueError:
    print("unknown unknown 0"); raise SystemExit
st = d.get("State", {})
print(st.get("Status", "unknown"),
      (st.get("Health") or {}).get("Status", "none"),
      d.get("RestartCount", 0))
')

log "container=$CONTAINER status=$status health=$health restarts=$restarts"

bad=0
[[ -f "$STATE_FILE" ]] && bad="$(cat "$STATE_FILE")"
[[ "$bad" =~ ^[0-9]+$ ]] || bad=0

case "$health:$status" in
    healthy:running|none:running)
        bad=0 ;;
    *)
        bad=$((bad + 1))
        log "unhealthy check $bad/$MAX_BAD" ;;
esac
echo "$bad" > "$STATE_FILE"

if (( bad < MAX_BAD )); then
    exit 0
fi

if (( DRY_RUN )); then
    log "dry run: would restart $CONTAINER"
    exit 0
fi

log "restarting $CONTAINER"
code="$(curl -sS -o /dev/null -w '%{http_code}' --unix-socket "$SOCK" \
        -X POST --max-time 60 "http://localhost/v1.43/containers/$CONTAINER/restart?t=20")"
if [[ "$code" == "204" ]]; then
    log "restart requested"
    echo 0 > "$STATE_FILE"
else
    log "restart failed with HTTP $code"
    exit 4
fi
