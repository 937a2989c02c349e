#!/usr/bin/env bash
# daily_trip_summary.sh - per-station trip summary for the morning ops call.
#
# Reads the trip export for one service day (trips-YYYYMMDD.csv in the
# exports folder), computes departures, arrivals, net flow and median trip
# length per station with python, and writes a markdown report plus a CSV
# into ./reports.  Top imbalanced stations are printed for the call.
#
# Usage: daily_trip_summary.sh [-d YYYY-MM-DD] [-e exports_dir] [-t TOP]

set -euo pipefail

DAY="$(date -d yesterday +%F 2>/dev/null || date +%F)"
EXPORTS="./exports"
TOP=10
REPORTS="./reports"

log() { printf '[trip_summary] %s\n' "$*" >&2; }

while getopts ":d:e:t:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        e) EXPORTS="$OPTARG" ;;
        t) TOP="$OPTARG" ;;
        h|*) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "day must look like YYYY-MM-DD"
    exit 2
fi
stamp="${DAY//-/}"
trips="$EXPORTS/trips-$stamp.csv"
[[ -r "$trips" ]] || { log "no trip export at $trips"; exit 2; }

mkdir -p "$REPORTS"
csv_out="$REPORTS/stations-$stamp.csv"
md_out="$REPORTS/summary-$stamp.md"

trip_count="$(($(wc -l < "$trips") - 1))"
log "$trip_count trips on $DAY"

# python reads the export on stdin and writes the per-station CSV
read -r -d '' SUMMARY_PY <<'PY' || true
import csv, os, statistics, sys
from collections import defaultdict

dep = defaultdict(int)
arr = defaultdict(int)
mins = defaultdict(list)
for row in csv.DictReader(sys.stdin):
    start, end = row.get("start_station", ""), row.get("end_station", "")
    try:
        dur = float(row.get("duration_sec", 0)) / 60
    except ValueError:
        continue
    dep[start] += 1
    arr[end] += 1
    mins[start].append(dur)

stations = sorted(set(dep) | set(arr))
with open(os.environ["CSV_OUT"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["station", "departures", "arrivals", "net", "median_min"])
    for s in stations:
        med = round(statistics.median(mins[s]), 1) if mins[s] else ""
        w.writerow([s, dep[s], arr[s], arr[s] - dep[s], med])

top = int(os.environ["TOP_N"])
ranked = sorted(stations, key=lambda s: abs(arr[s] - dep[s]), reverse=True)[:top]
print("| station | departures | arrivals | net |")
print("|---|---:|---:|---:|")
for s in ranked:
    print(f"| {s} | {dep[s]} | {arr[s]} | {arr[s] - dep[s]:+d} |")
PY
TOP_N="$TOP" CSV_OUT="$csv_out" python3 -c "$SUMMARY_PY" < "$trips" > "$md_out.body"

{
    echo "# Trip summary for $DAY"
    echo
    echo "Trips: $trip_count  "
    echo "Stations with activity: $(($(wc -l < "$csv_out") - 1))"
    echo
    echo "## Most imbalanced stations"
    echo
    cat "$md_out.body"
} > "$md_out"
rm -f "$md_out.body"

log "report written to $md_out and $csv_out"
sed -n '/^| station/,$p' "$md_out"
