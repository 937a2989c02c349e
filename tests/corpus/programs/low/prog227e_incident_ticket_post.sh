#!/usr/bin/env bash
# incident_ticket_post.sh - open a service-desk ticket for an ATM fault.
#
# Builds the ticket JSON with python (fields come in through environment
# variables so quoting is never a problem), posts it to the service-desk
# API with the key from TICKETS_API_KEY and records the ticket number.
#
# Usage: incident_ticket_post.sh -t TERMINAL -c FAULT_CODE [-p priority] [-n note]

set -euo pipefail

API="https://api.servicedesk.example.org/v1/tickets"
TERMINAL=""
FAULT=""
PRIORITY="P3"
NOTE=""
OUT_DIR="./.ticket_post"
LEDGER="./tickets_opened.tsv"

log() { echo "[ticket-post] $*" >&2; }

while getopts ":t:c:p:n:h" opt; do
    case "$opt" in
        t) TERMINAL="$OPTARG" ;;
        c) FAULT="$OPTARG" ;;
        p) PRIORITY="$OPTARG" ;;
        n) NOTE="$OPTARG" ;;
        h|*) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done

if [[ -z "$TERMINAL" || -z "$FAULT" ]]; then
    log "terminal (-t) and fault code (-c) are required"
    exit 2
fi
case "$PRIORITY" in P1|P2|P3|P4) ;; *) log "priority must be P1..P4"; exit 2 ;; esac
if [[ -z "${TICKETS_API_KEY:-}" ]]; then
    log "TICKETS_API_KEY is not set"
    exit 2
fi

mkdir -p "$OUT_DIR"
body="$OUT_DIR/body.json"
resp="$OUT_DIR/response.json"

T_TERMINAL="$TERMINAL" T_FAULT="$FAULT" T_PRIORITY="$PRIORITY" T_NOTE="$NOTE" \
python3 - > "$body" <<'PY'
import json, os, platform
from datetime import datetime, timezone
doc = {
    "category": "atm-fault",
    "terminal": os.environ["T_TERMINAL"],
    "fault_code": os.environ["T_FAULT"],
    "priority": os.environ["T_PRIORITY"],
    "summary": "ATM %s reported %s" % (os.environ["T_TERMINAL"], os.environ["T_FAULT"]),
    "note": os.environ["T_NOTE"],
    "reported_by": os.environ.get("USER", "support"),
    "reported_from": platform.node(),
    "reported_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
}
print(json.dumps(doc))
PY

log "posting ticket for $TERMINAL ($FAULT, $PRIORITY)"
code="$(curl -sS --max-time 20 -o "$resp" -w '%{http_code}' \
    -H "Authorization: Bearer $TICKETS_API_KEY" \
    -H 'Content-Type: application/json' \
    --data-binary @"$body" "$API")" || { log "service desk unreachable"; exit 3; }

if [[ "$code" != 2* ]]; then
    log "service desk answered HTTP $code"
    exit 4
fi

ticket="$(python3 -c '
import json, sys
with open(sys.argv[1]) as fh:
    print(json.load(fh).get("id", "unknown"))
' "$resp")"

printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$TERMINAL" "$FAULT" "$ticket" >> "$LEDGER"
log "opened ticket $ticket"

# the request/response scratch files are ours; drop them
rm -rf "$OUT_DIR"
