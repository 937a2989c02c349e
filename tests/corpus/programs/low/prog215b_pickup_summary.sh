#!/usr/bin/env bash
# Daily pickup summary for the distribution desk.
# Reads ./data/pickups_YYYY-MM-DD.csv (household_id,zip,size,items,lbs),
# totals pounds and households per ZIP code, and writes a text report plus
# a small CSV for the monthly spreadsheet. Intermediate files go in ./build.
set -euo pipefail

DAY="$(date +%F)"
DATA_DIR="./data"
OUT_DIR="./reports"
BUILD_DIR="./build"
KEEP_BUILD=0

log() { echo "$(date '+%T') pickup-summary: $*" >&2; }

usage() {
    echo "usage: $0 [-d YYYY-MM-DD] [-k]   (-k keeps ./build)" >&2
    exit 1
}

while getopts ":d:k" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        k) KEEP_BUILD=1 ;;
        *) usage ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { log "bad date $DAY"; exit 1; }
INPUT="$DATA_DIR/pickups_${DAY}.csv"
[[ -f "$INPUT" ]] || { log "no pickup file for $DAY ($INPUT)"; exit 1; }

mkdir -p "$OUT_DIR" "$BUILD_DIR"

# Drop the header and blank lines; normalise ZIP to 5 digits.
tail -n +2 "$INPUT" | sed '/^\s*$/d' | awk -F, 'BEGIN{OFS=","} {sub(/-.*/, "", $2); print}' \
    > "$BUILD_DIR/clean_${DAY}.csv"
ROWS=$(wc -l < "$BUILD_DIR/clean_${DAY}.csv")
log "$ROWS pickups on $DAY"

# Aggregate with python; file names handed over through the environment.
export CLEAN="$BUILD_DIR/clean_${DAY}.csv" DAY
TOTALS="$(python3 - <<'PY'
import csv, os
from collections import defaultdict

per_zip = defaultdict(lambda: [0, 0, 0.0])  # households, people, lbs
with open(os.environ["CLEAN"], newline="") as fh:
    for rec in csv.reader(fh):
        if len(rec) < 5:
            continue
        _, zipc, size, _, lbs = rec[:5]
        try:
            per_zip[zipc][0] += 1
            per_zip[zipc][1] += int(size)
            per_zip[zipc][2] += float(lbs)
        except ValueError:
            continue
for zipc in sorted(per_zip):
    h, p, lbs = per_zip[zipc]
    print(f"{zipc},{h},{p},{lbs:.1f}")
PY
)"

echo "zip,households,people,lbs" > "$OUT_DIR/pickups_${DAY}.csv"
printf '%s\n' "$TOTALS" >> "$OUT_DIR/pickups_${DAY}.csv"

{
    echo "Pickup summary for $DAY"
    echo "========================"
    printf '%-8s %10s %8s %10s\n' ZIP households people lbs
    while IFS=, read -r z h p l; do
        printf '%-8s %10s %8s %10s\n' "$z" "$h" "$p" "$l"
    done <<< "$TOTALS"
    echo
    echo "Total households: $(cut -d, -f2 <<< "$TOTALS" | paste -sd+ | bc)"
    echo "Total pounds:     $(cut -d, -f4 <<< "$TOTALS" | paste -sd+ | bc)"
} > "$OUT_DIR/pickups_${DAY}.txt"

log "wrote $OUT_DIR/pickups_${DAY}.txt and .csv"

if [[ "$KEEP_BUILD" -eq 0 ]]; then
    rm -rf "$BUILD_DIR"
    log "removed build directory"
fi
