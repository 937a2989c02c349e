#!/usr/bin/env bash
# fdp_legality_report.sh - produce the weekly flight duty period report for
# a roster export: duty hours per crew member, rest periods shorter than
# the minimum, and duties that fall on public holidays (for allowances).
set -euo pipefail

ROSTER="${1:-./roster_export.csv}"
COUNTRY="${COUNTRY:-GB}"
MIN_REST_H="${MIN_REST_H:-12}"
REPORT_DIR="./reports"
WORK_DIR="./.fdp_work"
CAL_URL="https://calendar.example.org/api/v1/holidays"

log() { echo "[fdp-report] $*" >&2; }

cleanup() { rm -rf -- "$WORK_DIR"; }
trap cleanup EXIT

if [[ ! -f "$ROSTER" ]]; then
    log "roster export $ROSTER not found"
    exit 1
fi
mkdir -p "$REPORT_DIR" "$WORK_DIR"

YEAR="$(date +%Y)"
HOLIDAYS="$WORK_DIR/holidays_${COUNTRY}_${YEAR}.json"
if curl -fsS --max-time 20 -o "$HOLIDAYS" "$CAL_URL?country=$COUNTRY&year=$YEAR"; then
    log "holiday calendar fetched for $COUNTRY $YEAR"
else
    log "holiday calendar unavailable, continuing without it"
    echo '[]' > "$HOLIDAYS"
fi

export FDP_ROSTER="$ROSTER" FDP_HOLIDAYS="$HOLIDAYS" FDP_MIN_REST="$MIN_REST_H"
STAMP="$(date +%Y%m%d)"
REPORT="$REPORT_DIR/fdp_report_${STAMP}.txt"

python3 - > "$REPORT" <<'PY'
import csv, json, os
from collections import defaultdict
from datetime import datetime

fmt = "%Y-%m-%dT%H:%M"
min_rest = float(os.environ["FDP_MIN_REST"])
try:
    with open(os.environ["FDP_HOLIDAYS"]) as fh:
        holidays = {h["date"] for h in json.load(fh) if "date" in h}
except (OSError, ValueError, TypeError):
    holidays = set()

duties = defaultdict(list)
with open(os.environ["FDP_ROSTER"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            start = datetime.strptime(row["duty_start"], fmt)
            end = datetime.strptime(row["duty_end"], fmt)
        except (KeyError, ValueError):
            continue
        duties[row["crew_id"]].append((start, end))

print(f"FDP report, minimum rest {min_rest:g}h, {len(holidays)} holidays known")
print(f"{'crew':10s} {'duties':>6s} {'hours':>7s} {'short_rest':>10s} {'holiday':>7s}")
for crew in sorted(duties):
    items = sorted(duties[crew])
    hours = sum((e - s).total_seconds() for s, e in items) / 3600
    short = sum(
        1 for (s1, e1), (s2, _) in zip(items, items[1:])
        if (s2 - e1).total_seconds() / 3600 < min_rest
    )
    hol = sum(1 for s, _ in items if s.date().isoformat() in holidays)
    print(f"{crew:10s} {len(items):6d} {hours:7.1f} {short:10d} {hol:7d}")
PY

CREW_COUNT=$(($(wc -l < "$REPORT") - 2))
SHORT_REST=$(awk 'NR > 2 && $4 > 0' "$REPORT" | wc -l)
log "report for $CREW_COUNT crew written to $REPORT"
if (( SHORT_REST > 0 )); then
    log "$SHORT_REST crew member(s) have short rest periods, review before publishing"
fi
