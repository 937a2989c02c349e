#!/usr/bin/env bash
# Push tonight's occupancy of the hut to the association's booking API so
# the central office and the hiking portal show how many beds are free.
# The API key comes from the environment and is only sent to that API.
set -euo pipefail

API_BASE="${HUT_API_BASE:-https://api.example.com/v1}"
HUT_ID="${HUT_ID:?set HUT_ID}"
BOOKINGS_CSV="${BOOKINGS_CSV:-./bookings.csv}"
STATE_FILE="./.last_occupancy_push"
NIGHT="$(date +%F)"
DRY_RUN=0

log() { echo "$(date '+%F %T') $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --night) NIGHT="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) echo "usage: $0 [--night YYYY-MM-DD] [--dry-run]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if [[ -z "${HUT_API_KEY:-}" && $DRY_RUN -eq 0 ]]; then
    log "HUT_API_KEY is not set"
    exit 1
fi
[[ -r "$BOOKINGS_CSV" ]] || { log "cannot read $BOOKINGS_CSV"; exit 1; }

# Build the JSON body from the bookings export.
BODY="$(BOOKINGS_CSV="$BOOKINGS_CSV" NIGHT="$NIGHT" HUT_ID="$HUT_ID" python3 - <<'PY'
import csv, json, os
from datetime import date, timedelta
night = date.fromisoformat(os.environ["NIGHT"])
guests = 0
groups = 0
with open(os.environ["BOOKINGS_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        if row.get("status") != "confirmed":
            continue
        arrival = date.fromisoformat(row["arrival"])
        nights = int(row.get("nights") or 1)
        if arrival <= night < arrival + timedelta(days=nights):
            guests += int(row.get("group_size") or 1)
            groups += 1
print(json.dumps({"hut": os.environ["HUT_ID"], "night": night.isoformat(),
                  "guests": guests, "groups": groups}))
PY
)"

log "occupancy body: $BODY"

if [[ -f "$STATE_FILE" ]] && [[ "$(cat "$STATE_FILE")" == "$BODY" ]]; then
    log "unchanged since last push, skipping"
    exit 0
fi

if (( DRY_RUN )); then
    log "dry run, not sending"
    exit 0
fi

attempt=0
until (( attempt >= 3 )); do
    attempt=$((attempt + 1))
    status="$(curl -sS --max-time 20 -o ./.occupancy_response.json -w '%{http_code}' \
        -X POST "$API_BASE/huts/$HUT_ID/occupancy" \
        -H "Authorization: Bearer $HUT_API_KEY" \
        -H "Content-Type: application/json" \
        --data "$BODY" || echo "000")"
    if [[ "$status" =~ ^2 ]]; then
        echo "$BODY" > "$STATE_FILE"
        log "pushed occupancy for $NIGHT (HTTP $status)"
        rm -f ./.occupancy_response.json
        exit 0
    fi
    log "attempt $attempt failed with HTTP $status"
    sleep $((attempt * 5))
done

log "giving up after $attempt attempts"
exit 1
