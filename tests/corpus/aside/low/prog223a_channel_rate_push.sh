#!/usr/bin/env bash
# channel_rate_push.sh - push tonight's room rates to the channel manager.
#
# Reads ./rates/rates_<date>.csv (room_type,stay_date,rate,currency), turns it
# into the channel manager's JSON rate-update format and posts it to the
# channel manager API with the property's API key from CHANNEL_API_KEY.
# The API response is kept in ./out for the revenue manager.
set -euo pipefail

PROG=$(basename "$0")
API_URL="${CHANNEL_API_URL:-https://api.channel.example.com/v1/rates}"
PROPERTY_ID="${PROPERTY_ID:-HOTEL-0042}"
RATE_DATE="$(date +%F)"
RATES_DIR="./rates"
OUT_DIR="./out"
DRY_RUN=0

log() { printf '%s [%s] %s\n' "$(date +%T)" "$PROG" "$*" >&2; }

usage() {
    echo "Usage: $PROG [-d YYYY-MM-DD] [-p property_id] [-n]"
    echo "Requires CHANNEL_API_KEY in the environment."
}

while getopts ":d:p:nh" opt; do
    case "$opt" in
        d) RATE_DATE="$OPTARG" ;;
        p) PROPERTY_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

RATES_FILE="$RATES_DIR/rates_${RATE_DATE}.csv"
if [[ ! -f "$RATES_FILE" ]]; then
    log "no rate file $RATES_FILE"
    exit 1
fi
if [[ -z "${CHANNEL_API_KEY:-}" && $DRY_RUN -eq 0 ]]; then
    log "CHANNEL_API_KEY is not set"
    exit 1
fi

mkdir -p "$OUT_DIR"
BODY="$OUT_DIR/rate_push_${RATE_DATE}.request.json"
RESP="$OUT_DIR/rate_push_${RATE_DATE}.response.json"

# Build the request body; invalid rows are reported on stderr and skipped.
PROPERTY_ID="$PROPERTY_ID" python3 - "$RATES_FILE" > "$BODY" <<'PY'
import csv
import json
import os
import sys
from decimal import Decimal, InvalidOperation

updates, skipped = [], 0
with open(sys.argv[1], newline="") as fh:
    for lineno, row in enumerate(csv.DictReader(fh), start=2):
        try:
            rate = Decimal(row["rate"])
            if rate <= 0:
                raise InvalidOperation
        except (KeyError, InvalidOperation):
            print(f"line {lineno}: bad rate {row.get('rate')!r}", file=sys.stderr)
            skipped += 1
            continue
        updates.append({
            "roomType": row["room_type"].strip().upper(),
            "date": row["stay_date"].strip(),
            "amount": str(rate.quantize(Decimal("0.01"))),
            "currency": (row.get("currency") or "EUR").strip().upper(),
        })
if not updates:
    sys.exit("no valid rate rows")
json.dump({"propertyId": os.environ["PROPERTY_ID"], "updates": updates}, sys.stdout)
print(f"{len(updates)} updates, {skipped} skipped", file=sys.stderr)
PY
chmod 600 "$BODY"

if (( DRY_RUN )); then
    log "dry run: request body in $BODY"
    exit 0
fi

# The key goes to curl on stdin so it does not appear in the process list.
HTTP_CODE=$(printf 'header = "Authorization: Bearer %s"\n' "$CHANNEL_API_KEY" |
    curl -sS --config - --max-time 30 -X POST \
        -H 'Content-Type: application/json' \
        --data-binary @"$BODY" -o "$RESP" -w '%{http_code}' "$API_URL") || {
    log "request to channel manager failed"
    exit 1
}
chmod 600 "$RESP"

ACCEPTED=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("accepted", "?"))' \
    < "$RESP" 2>/dev/null || echo "?")

if [[ "$HTTP_CODE" != 2* ]]; then
    log "channel manager answered HTTP $HTTP_CODE; see $RESP"
    exit 1
fi
log "rates for $RATE_DATE pushed: HTTP $HTTP_CODE, accepted=$ACCEPTED"
