#!/usr/bin/env bash
# lift_ridership_summary.sh - summarise one day of gate scan exports into a
# per-lift, per-hour ridership table for the mountain operations meeting.
#
#   lift_ridership_summary.sh [-d YYYY-MM-DD] [-i INPUT_DIR] [-o OUT_DIR]
#
# Input files: INPUT_DIR/scans_<lift>_<date>.csv with columns
#   ts,gate,card_uid,result

set -euo pipefail

DAY="$(date +%F)"
INPUT_DIR="./exports"
OUT_DIR="./summaries"
WORK_DIR="./.summary_work"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

while getopts ":d:i:o:" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        i) INPUT_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        *) log "usage: $0 [-d DAY] [-i DIR] [-o DIR]"; exit 1 ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { log "bad date $DAY"; exit 1; }
mkdir -p "$OUT_DIR" "$WORK_DIR"

shopt -s nullglob
files=("$INPUT_DIR"/scans_*_"$DAY".csv)
if (( ${#files[@]} == 0 )); then
    log "no exports for $DAY in $INPUT_DIR"
    exit 0
fi
log "found ${#files[@]} export(s) for $DAY"

# Flatten all exports into lift,hour lines; only accepted scans count.
for f in "${files[@]}"; do
    lift="$(basename "$f" .csv | cut -d_ -f2)"
    tail -n +2 "$f" | awk -F, -v lift="$lift" '$4 == "OK" { print lift "," substr($1, 12, 2) "," $3 }'
done > "$WORK_DIR/flat.csv"

TOTAL="$(wc -l < "$WORK_DIR/flat.csv" | tr -d ' ')"
log "$TOTAL accepted scans"

OUT="$OUT_DIR/ridership_$DAY.md"
FLAT="$WORK_DIR/flat.csv" DAY="$DAY" TOTAL="$TOTAL" python3 - > "$OUT" <<'PY'
import csv, os
from collections import defaultdict

counts = defaultdict(lambda: defaultdict(int))
riders = defaultdict(set)
with open(os.environ["FLAT"], newline="") as fh:
    for lift, hour, uid in csv.reader(fh):
        counts[lift][hour] += 1
        riders[lift].add(uid)

hours = sorted({h for per in counts.values() for h in per})
print(f"# Ridership {os.environ['DAY']}  (total rides: {os.environ['TOTAL']})\n")
print("| lift | riders | " + " | ".join(f"{h}h" for h in hours) + " | total |")
print("|---" * (len(hours) + 3) + "|")
for lift in sorted(counts):
    row = [str(counts[lift].get(h, 0)) for h in hours]
    total = sum(counts[lift].values())
    print(f"| {lift} | {len(riders[lift])} | " + " | ".join(row) + f" | {total} |")

busiest = max(counts, key=lambda l: sum(counts[l].values()))
print(f"\nBusiest lift: **{busiest}**")
PY

log "summary written to $OUT"
rm -f "$WORK_DIR/flat.csv"
rmdir "$WORK_DIR" 2>/dev/null || true
