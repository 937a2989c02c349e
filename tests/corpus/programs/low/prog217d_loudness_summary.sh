#!/usr/bin/env bash
# loudness_summary.sh - summarise the loudness meter's CSV exports into a
# daily report (integrated level, peaks, time above target).
#
# The meter exports one CSV per hour: timestamp,lufs_short,true_peak
# usage: loudness_summary.sh [-t TARGET_LUFS] [-d DATE] [-k]
set -uo pipefail

TARGET="-23"
DAY="$(date +%F)"
KEEP_BUILD=0
IN_DIR="./loudness"
BUILD_DIR="./.build"
REPORT_DIR="./reports"

log() { printf '[loudness] %s\n' "$*" >&2; }

while getopts ":t:d:k" opt; do
    case "$opt" in
        t) TARGET="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        k) KEEP_BUILD=1 ;;
        *) echo "usage: $(basename "$0") [-t TARGET] [-d YYYY-MM-DD] [-k]" >&2; exit 2 ;;
    esac
done

[[ "$TARGET" =~ ^-?[0-9]+(\.[0-9]+)?$ ]] || { log "bad target $TARGET"; exit 2; }

shopt -s nullglob
files=("$IN_DIR"/"$DAY"_*.csv)
if (( ${#files[@]} == 0 )); then
    log "no meter exports for $DAY in $IN_DIR"
    exit 1
fi
log "${#files[@]} hourly exports for $DAY"

mkdir -p "$BUILD_DIR" "$REPORT_DIR"

# Write the summariser once into the build dir, run it afterwards.
cat > "$BUILD_DIR/summarise.py" <<'PY'
import csv
import math
import os
import sys

target = float(os.environ["TARGET_LUFS"])
values, peaks, above = [], [], 0
for row in csv.reader(sys.stdin):
    if not row or row[0] == "timestamp":
        continue
    try:
        lufs, peak = float(row[1]), float(row[2])
    except (IndexError, ValueError):
        continue
    if lufs < -70:
        continue
    values.append(lufs)
    peaks.append(peak)
    if lufs > target + 1:
        above += 1

if not values:
    print("no usable samples")
    sys.exit(1)

energy = sum(10 ** (v / 10) for v in values) / len(values)
integrated = 10 * math.log10(energy)
print(f"day:            {os.environ['REPORT_DAY']}")
print(f"samples:        {len(values)}")
print(f"integrated:     {integrated:.1f} LUFS (target {target:.1f})")
print(f"max true peak:  {max(peaks):.1f} dBTP")
print(f"above target:   {100 * above / len(values):.1f}% of samples")
PY

report="$REPORT_DIR/loudness_$DAY.txt"
if cat "${files[@]}" | TARGET_LUFS="$TARGET" REPORT_DAY="$DAY" \
        python3 "$BUILD_DIR/summarise.py" > "$report"; then
    log "report written to $report"
    cat "$report"
else
    log "summary failed"
    rm -f "$report"
fi

if (( KEEP_BUILD == 0 )); then
    rm -rf ./.build
fi
