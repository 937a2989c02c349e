#!/usr/bin/env bash
# cat_server_restart.sh - health check and restart of the CAT server service.
#
# Asks the CAT server's health endpoint for its state. If the server reports
# itself unhealthy (or does not answer), the systemd service is restarted and
# the health check repeated. Meant to be run by the on-call PM.
set -uo pipefail

SERVICE="${CAT_SERVICE:-catserver.service}"
HEALTH_URL="${HEALTH_URL:-http://cat01.example.com:8080/api/health}"
WAIT_SECONDS=20
MAX_TRIES=2
LOG="./cat_server_restart.log"
FORCE=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

usage() { echo "usage: $0 [-f] [-s service]" >&2; }

while getopts ":fs:h" o; do
    case "$o" in
        f) FORCE=1 ;;
        s) SERVICE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

# prints "healthy", "degraded:<reason>" or "down"
health_state() {
    local body
    if ! body="$(curl -fsS --max-time 10 "$HEALTH_URL" 2>/dev/null)"; then
        echo "down"
        return
    fi
    HEALTH_JSON="$body" python3 -c '
import json, os
try:
    data = json.loads(os.environ["HEALTH_JSON"])
except ValueError:
    print("degraded:invalid-json")
    raise SystemExit
bad = [c["name"] for c in data.get("checks", []) if c.get("status") != "pass"]
if data.get("status") == "pass" and not bad:
    print("healthy")
else:
    print("degraded:" + ",".join(bad or ["status"]))
'
}

state="$(health_state)"
log "health of $SERVICE: $state"

if [[ "$state" == "healthy" && $FORCE -eq 0 ]]; then
    log "nothing to do"
    exit 0
fi

for attempt in $(seq 1 "$MAX_TRIES"); do
    log "restarting $SERVICE (attempt $attempt/$MAX_TRIES)"
    if ! systemctl restart "$SERVICE"; then
        log "systemctl restart failed"
        systemctl status "$SERVICE" --no-pager -n 20 >> "$LOG" 2>&1
        continue
    fi
    sleep "$WAIT_SECONDS"
    if ! systemctl is-active --quiet "$SERVICE"; then
        log "$SERVICE is not active after restart"
        continue
    fi
    state="$(health_state)"
    log "health after restart: $state"
    if [[ "$state" == "healthy" ]]; then
        log "CAT server recovered"
        exit 0
    fi
done

log "CAT server still not healthy, last journal lines follow"
journalctl -u "$SERVICE" -n 50 --no-pager >> "$LOG" 2>&1
exit 1
