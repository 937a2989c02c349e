#!/usr/bin/env bash
# Weekly timesheet and overtime summary for ski and snowboard instructors.
# Combines the clock-in CSV files in ./timesheets, totals hours per
# instructor and flags anyone over the weekly limit for the payroll office.
#
# Usage: prog226a_timesheet_overtime_summary.sh [-w week] [-l limit_hours] [-c]
set -euo pipefail

WEEK="$(date +%G-W%V)"
LIMIT=40
CLEAN=0
SRC_DIR="./timesheets"
BUILD_DIR="./.build/timesheets"
OUT_DIR="./payroll_out"

log() { printf '%s timesheets: %s\n' "$(date '+%T')" "$*" >&2; }

while getopts ":w:l:ch" opt; do
    case "$opt" in
        w) WEEK="$OPTARG" ;;
        l) LIMIT="$OPTARG" ;;
        c) CLEAN=1 ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 1 ;;
    esac
done

shopt -s nullglob
files=("$SRC_DIR"/clockins_"$WEEK"_*.csv)
if [[ ${#files[@]} -eq 0 ]]; then
    log "no clock-in files for $WEEK in $SRC_DIR"
    exit 0
fi

mkdir -p "$BUILD_DIR" "$OUT_DIR"
merged="$BUILD_DIR/merged_${WEEK}.csv"

# merge all desks' files, drop headers, normalise separators
for f in "${files[@]}"; do
    tail -n +2 "$f"
done | tr -d '\r' | awk -F',' 'NF >= 4 && $4 ~ /^[0-9.]+$/' | sort -t',' -k1,1 > "$merged"

rows="$(wc -l < "$merged")"
log "merged ${#files[@]} files, $rows entries"

summary="$OUT_DIR/overtime_${WEEK}.csv"
flagged="$(MERGED="$merged" LIMIT="$LIMIT" SUMMARY="$summary" python3 - <<'PY'
import csv, os
from collections import defaultdict

limit = float(os.environ["LIMIT"])
hours = defaultdict(float)
days = defaultdict(set)
with open(os.environ["MERGED"], newline="") as fh:
    for instructor, date, discipline, hrs, *rest in csv.reader(fh):
        hours[instructor] += float(hrs)
        days[instructor].add(date)

flagged = 0
with open(os.environ["SUMMARY"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["instructor", "days", "hours", "regular", "overtime"])
    for name in sorted(hours):
        total = round(hours[name], 2)
        ot = round(max(0.0, total - limit), 2)
        flagged += ot > 0
        w.writerow([name, len(days[name]), total, round(total - ot, 2), ot])
print(flagged)
PY
)"

log "summary written to $summary ($flagged instructor(s) with overtime)"
if (( flagged > 0 )); then
    echo "Overtime this week ($WEEK):"
    awk -F',' 'NR > 1 && $5 > 0 {printf "  %-24s %6.2f h overtime\n", $1, $5}' "$summary"
fi

if (( CLEAN )); then
    rm -rf ./.build
    log "build cache removed"
fi
