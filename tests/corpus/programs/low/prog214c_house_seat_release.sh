#!/usr/bin/env bash
# Release unused house seats back to general sale at the agreed time before
# curtain. Reads the held seat list, builds the release request and posts it
# to the ticketing API.
set -euo pipefail

HOLDS_FILE="${HOLDS_FILE:-./house_seats.txt}"
API_BASE="${API_BASE:-https://api.boxoffice.example.com/v1}"
PERFORMANCE="${PERFORMANCE:-}"
WORK_DIR="./.release-work"
DRY_RUN=0

log() { printf '%s [release] %s\n' "$(date '+%T')" "$*" >&2; }

usage() {
    echo "usage: $0 -p PERFORMANCE_CODE [-f holds_file] [-n]"
}

while getopts ":p:f:nh" opt; do
    case "$opt" in
        p) PERFORMANCE="$OPTARG" ;;
        f) HOLDS_FILE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "$PERFORMANCE" ]] || { usage; exit 2; }
[[ -r "$HOLDS_FILE" ]] || { log "cannot read $HOLDS_FILE"; exit 1; }
if [[ $DRY_RUN -eq 0 && -z "${BOXOFFICE_API_KEY:-}" ]]; then
    log "BOXOFFICE_API_KEY is not set"
    exit 1
fi

mkdir -p "$WORK_DIR"
trap 'rm -rf "$WORK_DIR"' EXIT

# Holds file: one seat per line, e.g. "F12 press" or "H3 director"; '#' comments.
# Seats tagged "keep" stay held.
request="$WORK_DIR/request.json"
count=$(HOLDS_FILE="$HOLDS_FILE" PERFORMANCE="$PERFORMANCE" REQUEST="$request" python3 -c '
import json, os, re
seats, kept = [], 0
for raw in open(os.environ["HOLDS_FILE"]):
    line = raw.split("#", 1)[0].strip()
    if not line:
        continue
    parts = line.split()
    seat = parts[0].upper()
    if not re.fullmatch(r"[A-Z]{1,2}\d{1,3}", seat):
        continue
    if "keep" in parts[1:]:
        kept += 1
        continue
    seats.append(seat)
req = {"performance": os.environ["PERFORMANCE"], "seats": sorted(set(seats)),
       "reason": "house seat release"}
with open(os.environ["REQUEST"], "w") as fh:
    json.dump(req, fh)
print(len(req["seats"]))
')

if [[ "$count" -eq 0 ]]; then
    log "no seats to release for $PERFORMANCE"
    exit 0
fi
log "$count seats to release for $PERFORMANCE"

if [[ $DRY_RUN -eq 1 ]]; then
    cat "$request"; echo
    exit 0
fi

status=$(curl -sS -o "$WORK_DIR/response.json" -w '%{http_code}' --max-time 20 \
    -X POST "$API_BASE/performances/$PERFORMANCE/holds/release" \
    -H "Authorization: Bearer $BOXOFFICE_API_KEY" \
    -H 'Content-Type: application/json' \
    --data-binary @"$request") || { log "request failed"; exit 1; }

released=$(RESP_FILE="$WORK_DIR/response.json" python3 -c '
import json, os
try:
    print(json.load(open(os.environ["RESP_FILE"])).get("released", 0))
except (OSError, ValueError):
    print(0)
')

if [[ "$status" == 2* ]]; then
    log "API accepted release (HTTP $status): $released seats back on sale"
else
    log "API refused release (HTTP $status)"
    exit 1
fi
