#!/usr/bin/env bash
# Estimate cutting time per G-code file for the day's nesting jobs.
#
# For every .nc file in the job directory this adds up the length of the
# G0/G1 moves, divides the cutting moves by their feed rate, and writes a
# CSV report so the foreman can plan the router's shift.
set -euo pipefail

JOB_DIR="./jobs"
REPORT_DIR="./reports"
RAPID_MM_MIN=15000
WORK=".gcode_report_work"

log() { printf '%s [feed-report] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "usage: $0 [-j job_dir] [-r report_dir] [-R rapid_mm_per_min]"
}

while getopts ":j:r:R:h" opt; do
    case "$opt" in
        j) JOB_DIR="$OPTARG" ;;
        r) REPORT_DIR="$OPTARG" ;;
        R) RAPID_MM_MIN="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -d "$JOB_DIR" ]] || die "job directory $JOB_DIR not found"
[[ "$RAPID_MM_MIN" =~ ^[0-9]+$ ]] || die "rapid rate must be a whole number"
mkdir -p "$REPORT_DIR" "$WORK"
trap 'rm -rf "$WORK"' EXIT

# The estimator is written into the work directory once and run per file;
# its inputs are passed as environment variables.
cat > "$WORK/estimate.py" <<'PY'
import math
import os
import re
import sys

path = os.environ["NC_FILE"]
rapid = float(os.environ["RAPID_MM_MIN"])
word = re.compile(r"([GXYZF])(-?\d+(?:\.\d*)?)")
pos = {"X": 0.0, "Y": 0.0, "Z": 0.0}
mode, feed = 0, 1000.0
cut_mm = rapid_mm = minutes = 0.0
with open(path, encoding="ascii", errors="replace") as fh:
    for line in fh:
        line = line.split(";")[0].split("(")[0].upper()
        new = dict(pos)
        moved = False
        for letter, value in word.findall(line):
            if letter == "G" and value in ("0", "00", "1", "01"):
                mode = int(float(value))
            elif letter == "F":
                feed = max(float(value), 1.0)
            elif letter in new:
                new[letter] = float(value)
                moved = True
        if not moved:
            continue
        dist = math.dist((pos["X"], pos["Y"], pos["Z"]), (new["X"], new["Y"], new["Z"]))
        if mode == 0:
            rapid_mm += dist
            minutes += dist / rapid
        else:
            cut_mm += dist
            minutes += dist / feed
        pos = new
print(f"{cut_mm / 1000:.2f},{rapid_mm / 1000:.2f},{minutes:.1f}")
PY

stamp="$(date +%F)"
report="$REPORT_DIR/feed_report_$stamp.csv"
echo "file,cut_m,rapid_m,est_minutes" > "$report"

total_min=0
files=0
for nc in "$JOB_DIR"/*.nc; do
    [[ -e "$nc" ]] || continue
    if ! result=$(NC_FILE="$nc" RAPID_MM_MIN="$RAPID_MM_MIN" python3 "$WORK/estimate.py"); then
        log "could not parse $nc, skipping"
        continue
    fi
    echo "$(basename "$nc"),$result" >> "$report"
    minutes="${result##*,}"
    total_min=$(awk -v a="$total_min" -v b="$minutes" 'BEGIN { printf "%.1f", a + b }')
    files=$((files + 1))
    log "$(basename "$nc"): ${minutes} min"
done

if (( files == 0 )); then
    log "no .nc files in $JOB_DIR"
    rm -f "$report"
    exit 0
fi

hours=$(awk -v m="$total_min" 'BEGIN { printf "%.1f", m / 60 }')
log "$files files, about $hours h of router time; report: $report"
