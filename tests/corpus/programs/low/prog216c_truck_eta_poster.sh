#!/usr/bin/env bash
# truck_eta_poster.sh - sends the gate's current truck queue and estimated
# waiting time to the haulier portal, so hauliers can see the wait before
# sending trucks. Runs every few minutes from the gate office PC by hand or
# from the clerk's launcher.
set -euo pipefail

PORTAL_API="${PORTAL_API:-https://api.example.com/v1/gate-status}"
COUNTS_FILE="${COUNTS_FILE:-./lane_counts.txt}"
TERMINAL_ID="${TERMINAL_ID:-TERM-A}"
AVG_SERVICE_MIN="${AVG_SERVICE_MIN:-4}"
DRY_RUN=0

log() { echo "$(date '+%F %T') eta-poster: $*" >&2; }

for arg in "$@"; do
    case "$arg" in
        -n|--dry-run) DRY_RUN=1 ;;
        -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
        *) log "unknown argument $arg"; exit 2 ;;
    esac
done

if [[ -z "${PORTAL_API_KEY:-}" ]]; then
    log "PORTAL_API_KEY is not set"
    exit 1
fi
if [[ ! -r "$COUNTS_FILE" ]]; then
    log "lane counts file $COUNTS_FILE missing"
    exit 1
fi

# is the portal up? (HEAD with a timeout)
if ! curl -fsS -I --max-time 10 "${PORTAL_API%/*}/health" >/dev/null; then
    log "portal health check failed, trying anyway"
fi

# open lanes and queue per lane, e.g. "IN-1 7" per line, piped into python
payload="$(awk 'NF == 2' "$COUNTS_FILE" | \
    TERMINAL_ID="$TERMINAL_ID" AVG_SERVICE_MIN="$AVG_SERVICE_MIN" python3 -c '
import json, os, sys, time
lanes = {}
for line in sys.stdin:
    name, n = line.split()
    lanes[name] = int(n)
open_lanes = [l for l in lanes if l.startswith("IN")] or ["IN-1"]
queued = sum(v for k, v in lanes.items() if k.startswith("IN"))
per_lane = queued / len(open_lanes)
wait = round(per_lane * float(os.environ["AVG_SERVICE_MIN"]))
print(json.dumps({
    "terminal": os.environ["TERMINAL_ID"],
    "timestamp": int(time.time()),
    "open_in_lanes": len(open_lanes),
    "trucks_queued": queued,
    "estimated_wait_min": wait,
    "lanes": lanes,
}))
')"

wait_min="$(python3 -c 'import json,sys; print(json.load(sys.stdin)["estimated_wait_min"])' <<<"$payload")"
log "estimated wait ${wait_min} min"

if (( DRY_RUN )); then
    echo "$payload"
    exit 0
fi

# the key goes only to the portal API, in its header
http_code="$(printf '%s' "$payload" | curl -sS --max-time 15 -o ./last_post_response.json \
    -w '%{http_code}' -X POST \
    -H "Content-Type: application/json" \
    -H "Authorization: Bearer $PORTAL_API_KEY" \
    --data-binary @- "$PORTAL_API")"

if [[ "$http_code" =~ ^2 ]]; then
    log "posted (HTTP $http_code)"
else
    log "portal answered HTTP $http_code, see ./last_post_response.json"
    exit 1
fi
