#!/usr/bin/env bash
# truck_queue_status.sh - show the weighbridge lane queue on the office screen
# and, when asked, report a lane as open/closed to the co-op's queue service.
# The queue service API key comes from QUEUE_API_KEY and is only sent to the
# queue service itself.
set -euo pipefail

QUEUE_API="${QUEUE_API:-https://queue.example.org/api/v2}"
SITE="${SITE:-north-elevator}"
CACHE_FILE="./.queue_status.json"
ACTION="show"
LANE=""
LANE_STATE=""

log() { echo "$(date '+%T') $*" >&2; }

usage() {
    cat <<USAGE
usage: $0 [show]
       $0 set LANE open|closed
USAGE
}

if [[ $# -ge 1 ]]; then
    case "$1" in
        show) ACTION="show" ;;
        set)  ACTION="set"; LANE="${2:-}"; LANE_STATE="${3:-}" ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
fi

fetch_status() {
    curl -fsS --max-time 10 "$QUEUE_API/sites/$SITE/lanes" -o "$CACHE_FILE"
}

show_status() {
    if ! fetch_status; then
        log "queue service unreachable, showing cached data"
        [[ -f "$CACHE_FILE" ]] || { log "no cached data"; exit 1; }
    fi
    STATUS_FILE="$CACHE_FILE" python3 - <<'PY'
import json, os
with open(os.environ["STATUS_FILE"]) as fh:
    data = json.load(fh)
lanes = data.get("lanes", [])
print(f"{'lane':<6}{'state':<8}{'waiting':>8}{'eta_min':>9}")
for lane in sorted(lanes, key=lambda l: l.get("id", 0)):
    print(f"{lane.get('id', '?'):<6}{lane.get('state', '?'):<8}"
          f"{lane.get('waiting', 0):>8}{lane.get('eta_min', 0):>9}")
print(f"{sum(l.get('waiting', 0) for l in lanes)} trucks waiting")
PY
}

set_lane() {
    if [[ -z "$LANE" || ! "$LANE_STATE" =~ ^(open|closed)$ ]]; then
        usage
        exit 2
    fi
    if [[ -z "${QUEUE_API_KEY:-}" ]]; then
        log "QUEUE_API_KEY is not set"
        exit 1
    fi
    body="$(LANE="$LANE" LANE_STATE="$LANE_STATE" python3 -c '
import json, os
print(json.dumps({"lane": int(os.environ["LANE"]), "state": os.environ["LANE_STATE"]}))
')"
    code="$(curl -sS --max-time 10 -o /dev/null -w '%{http_code}' \
        -X POST "$QUEUE_API/sites/$SITE/lanes/$LANE/state" \
        -H "Authorization: Bearer $QUEUE_API_KEY" \
        -H 'Content-Type: application/json' \
        --data "$body")"
    if [[ "$code" =~ ^2 ]]; then
        log "lane $LANE set to $LANE_STATE"
    else
        log "queue service answered HTTP $code"
        exit 1
    fi
}

case "$ACTION" in
    show) show_status ;;
    set)  set_lane; show_status ;;
esac
