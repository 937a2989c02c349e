#!/usr/bin/env bash
# Daily lift ridership summary from the gate scan exports.
#
# Each gate exports a CSV of scans (time,gate,lift,pass_type) into
# ./scans/<date>/. This script totals rides per lift and per hour and
# writes a plain-text and a JSON report into ./reports/.
#
# Usage: daily_ridership_summary.sh [-d YYYY-MM-DD] [-t top_n] [-q]

set -euo pipefail

DAY="$(date +%F)"
TOP_N=5
QUIET=0
SCAN_ROOT="./scans"
REPORT_DIR="./reports"

log() { (( QUIET )) || echo "ridership: $*" >&2; }

while getopts ":d:t:qh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        t) TOP_N="$OPTARG" ;;
        q) QUIET=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "bad date $DAY" >&2; exit 2; }
[[ "$TOP_N" =~ ^[0-9]+$ ]] || { echo "top_n must be a number" >&2; exit 2; }

SCAN_DIR="$SCAN_ROOT/$DAY"
if [[ ! -d "$SCAN_DIR" ]]; then
    echo "no scans for $DAY in $SCAN_DIR" >&2
    exit 1
fi
mkdir -p "$REPORT_DIR"

files=( "$SCAN_DIR"/*.csv )
if [[ ! -e "${files[0]}" ]]; then
    echo "scan directory is empty" >&2
    exit 1
fi
log "reading ${#files[@]} gate exports for $DAY"

# Concatenate all gate files (skipping repeated headers) and hand the stream
# to Python on stdin; options travel in the environment.
json_out="$REPORT_DIR/ridership_$DAY.json"
for f in "${files[@]}"; do tail -n +2 "$f"; done |
RIDE_DAY="$DAY" RIDE_JSON="$json_out" python3 - 3<&0 <<'PY' |
import collections, csv, json, os, sys

day = os.environ["RIDE_DAY"]
per_lift = collections.Counter()
per_hour = collections.Counter()
per_pass = collections.Counter()
bad = 0
with os.fdopen(3) as stream:
    for row in csv.reader(stream):
        if len(row) < 4:
            bad += 1
            continue
        ts, gate, lift, pass_type = (c.strip() for c in row[:4])
        per_lift[lift] += 1
        per_hour[ts[11:13] or "??"] += 1
        per_pass[pass_type] += 1

with open(os.environ["RIDE_JSON"], "w") as fh:
    json.dump({"day": day, "lifts": per_lift, "hours": per_hour,
               "passes": per_pass, "bad_rows": bad}, fh, indent=2, sort_keys=True)

for lift, n in per_lift.items():
    print(f"{n}\t{lift}")
print(f"total rides {sum(per_lift.values())}, bad rows {bad}", file=sys.stderr)
PY
sort -rn | head -n "$TOP_N" > "$REPORT_DIR/top_lifts_$DAY.txt"

{
    echo "Ridership report for $DAY"
    echo "=========================="
    echo
    echo "Busiest lifts:"
    while IFS=$'\t' read -r n lift; do
        printf '  %-20s %6d\n' "$lift" "$n"
    done < "$REPORT_DIR/top_lifts_$DAY.txt"
    echo
    echo "Hourly rides:"
    RIDE_JSON="$json_out" python3 -c '
import json, os
hours = json.load(open(os.environ["RIDE_JSON"]))["hours"]
for h in sorted(hours):
    print(f"  {h}:00  {hours[h]:6d}")
'
} > "$REPORT_DIR/ridership_$DAY.txt"

log "report written to $REPORT_DIR/ridership_$DAY.txt"
(( QUIET )) || cat "$REPORT_DIR/ridership_$DAY.txt"
