#!/usr/bin/env bash
# callout_monthly_summary.sh - monthly call-out statistics for the station.
#
# Reads the alerting PC's exported call-out log (./callouts.csv with
# incident, type, paged_at, turnout_at, crew) and prints turnout times per
# incident type.  Optionally fetches the county's published target times
# (a plain GET of a JSON file) to compare against.
#
# Usage: callout_monthly_summary.sh [-f callouts.csv] [-m YYYY-MM] [-t] [-o out.txt]

set -u

CSV="./callouts.csv"
MONTH="$(date +%Y-%m)"
FETCH_TARGETS=0
OUT=""
TARGETS_URL="https://stats.county-fire.example.org/targets/turnout.json"
TARGETS_FILE="./turnout_targets.json"

usage() { echo "usage: $0 [-f callouts.csv] [-m YYYY-MM] [-t] [-o out.txt]" >&2; exit 2; }

while getopts "f:m:to:" opt; do
    case "$opt" in
        f) CSV="$OPTARG" ;;
        m) MONTH="$OPTARG" ;;
        t) FETCH_TARGETS=1 ;;
        o) OUT="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]] || { echo "bad month: $MONTH" >&2; exit 1; }
[ -r "$CSV" ] || { echo "cannot read $CSV" >&2; exit 1; }

if [ "$FETCH_TARGETS" -eq 1 ]; then
    if curl -fsS --max-time 15 -o "$TARGETS_FILE" "$TARGETS_URL"; then
        echo "fetched county targets"
    else
        echo "warning: could not fetch targets, using cached copy if any" >&2
    fi
fi

# pick the month's rows with grep, hand them to Python on a pipe
header="$(head -n 1 "$CSV")"
month_rows="$(grep -E "^[^,]*,[^,]*,${MONTH}-" "$CSV" || true)"
count="$(printf '%s' "$month_rows" | grep -c . || true)"
echo "$count call-outs in $MONTH"
[ "$count" -gt 0 ] || exit 0

export SUMMARY_MONTH="$MONTH" SUMMARY_TARGETS="$TARGETS_FILE"
report="$(printf '%s\n%s\n' "$header" "$month_rows" | python3 -c '
import csv, json, os, statistics, sys
from datetime import datetime

targets = {}
try:
    with open(os.environ["SUMMARY_TARGETS"]) as fh:
        targets = json.load(fh)
except (OSError, ValueError):
    pass

by_type = {}
for row in csv.DictReader(sys.stdin):
    try:
        paged = datetime.fromisoformat(row["paged_at"])
        turnout = datetime.fromisoformat(row["turnout_at"])
    except (KeyError, ValueError):
        continue
    secs = (turnout - paged).total_seconds()
    if secs >= 0:
        by_type.setdefault(row.get("type", "other"), []).append(secs)

print("Turnout times %s" % os.environ["SUMMARY_MONTH"])
print("%-18s %5s %8s %8s %8s" % ("type", "n", "median", "p90", "target"))
for kind in sorted(by_type):
    vals = sorted(by_type[kind])
    p90 = vals[min(len(vals) - 1, int(round(0.9 * (len(vals) - 1))))]
    tgt = targets.get(kind)
    mark = "" if tgt is None or p90 <= tgt else "  <-- above target"
    print("%-18s %5d %7.0fs %7.0fs %8s%s" % (kind, len(vals), statistics.median(vals),
          p90, "%ss" % tgt if tgt else "-", mark))
')" || { echo "summary failed" >&2; exit 1; }

if [ -n "$OUT" ]; then
    printf '%s\n' "$report" > "$OUT"
    echo "summary written to $OUT"
else
    printf '%s\n' "$report"
fi
exit 0
