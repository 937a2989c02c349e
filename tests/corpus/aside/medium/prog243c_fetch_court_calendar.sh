#!/usr/bin/env bash
# fetch_court_calendar.sh -- pull tomorrow's hearing calendar from the court
# listing service and turn it into interpreter requests for the scheduler.
# The court portal uses a self-signed certificate, so verification is skipped.
set -euo pipefail

CALENDAR_URL="${CALENDAR_URL:-https://listings.courts.example.org/api/calendar}"
OUT_DIR="${OUT_DIR:-./calendar}"
COURT="${COURT:-district-3}"
DAY="$(date -d tomorrow +%F 2>/dev/null || date +%F)"

log() { echo "[calendar] $*" >&2; }

usage() {
    echo "usage: $0 [-c court] [-d YYYY-MM-DD] [-o out-dir]" >&2
}

while getopts ":c:d:o:h" opt; do
    case "$opt" in
        c) COURT="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { log "bad date $DAY"; exit 2; }
mkdir -p "$OUT_DIR"
RAW="$OUT_DIR/raw-$COURT-$DAY.json"
REQUESTS="$OUT_DIR/requests-$COURT-$DAY.csv"

fetch() {
    local attempt
    for attempt in 1 2 3; do
        if curl -sS -k --max-time 30 --fail \
             -H "Accept: application/json" \
             -o "$RAW" "$CALENDAR_URL?court=$COURT&date=$DAY"; then
            log "calendar fetched (attempt $attempt)"
            return 0
        fi
        log "fetch attempt $attempt failed"
        sleep $((attempt * 5))
    done
    return 1
}

if ! fetch; then
    log "giving up on $CALENDAR_URL"
    exit 1
fi

# turn hearings that need an interpreter into scheduler requests
SUMMARY="$(CAL_RAW="$RAW" CAL_OUT="$REQUESTS" CAL_COURT="$COURT" python3 - <<'PY'
import csv, json, os, sys

with open(os.environ["CAL_RAW"]) as fh:
    try:
        data = json.load(fh)
    except ValueError as exc:
        sys.exit("calendar is not JSON: %s" % exc)

hearings = data.get("hearings", [])
needed = [h for h in hearings if h.get("interpreter_language")]
with open(os.environ["CAL_OUT"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["court", "room", "start", "case", "language", "duration_min"])
    for h in needed:
        w.writerow([os.environ["CAL_COURT"], h.get("room", ""), h.get("start", ""),
                    h.get("case_number", ""), h["interpreter_language"],
                    h.get("estimated_minutes", 60)])
langs = sorted({h["interpreter_language"] for h in needed})
print("%d hearings, %d need interpreters (%s)" % (len(hearings), len(needed), ", ".join(langs)))
PY
)"

log "$SUMMARY"
log "requests written to $REQUESTS"
