#!/usr/bin/env bash
# gate_transaction_summary.sh - daily summary of gate transactions.
# Reads the lane controller's CSV exports (lane,time,direction,container,
# truck,duration_s) from the exports folder and writes a per-lane summary:
# moves in/out, average and slowest turn time.
set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-./exports}"
DAY="${DAY:-$(date +%F)}"
OUT_DIR="${OUT_DIR:-./reports}"
HELPER="./.gate_summary_helper.py"
KEEP_HELPER=0

log() { printf '%s summary: %s\n' "$(date '+%T')" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --day) DAY="$2"; shift 2 ;;
        --exports) EXPORT_DIR="$2"; shift 2 ;;
        --keep-helper) KEEP_HELPER=1; shift ;;
        -h|--help) echo "usage: $0 [--day YYYY-MM-DD] [--exports DIR]"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

cleanup() {
    (( KEEP_HELPER )) || rm -f "$HELPER"
}
trap cleanup EXIT

mkdir -p "$OUT_DIR"
shopt -s nullglob
files=("$EXPORT_DIR"/gate_"$DAY"*.csv)
if (( ${#files[@]} == 0 )); then
    log "no exports for $DAY in $EXPORT_DIR"
    exit 0
fi
log "${#files[@]} export files for $DAY"

# the helper is written once and run below with the rows on stdin
cat > "$HELPER" <<'PY'
import csv
import os
import statistics
import sys
from collections import defaultdict

stats = defaultdict(lambda: {"in": 0, "out": 0, "durations": []})
bad = 0
for row in csv.reader(sys.stdin):
    if not row or row[0] == "lane":
        continue
    try:
        lane, _time, direction, _cn, _truck, duration = row[:6]
        stats[lane][direction.strip().lower()] += 1
        stats[lane]["durations"].append(int(duration))
    except (ValueError, KeyError):
        bad += 1

print("lane,moves_in,moves_out,avg_turn_s,max_turn_s")
for lane in sorted(stats):
    s = stats[lane]
    d = s["durations"] or [0]
    print("%s,%d,%d,%.0f,%d" % (lane, s["in"], s["out"], statistics.mean(d), max(d)))
if bad:
    print("skipped %d malformed rows" % bad, file=sys.stderr)
threshold = int(os.environ.get("SLOW_TURN_S", "1800"))
slow = [l for l in stats if max(stats[l]["durations"] or [0]) > threshold]
if slow:
    print("lanes with turns over %ds: %s" % (threshold, ", ".join(sorted(slow))),
          file=sys.stderr)
PY

report="$OUT_DIR/gate_summary_$DAY.csv"
cat "${files[@]}" | SLOW_TURN_S="${SLOW_TURN_S:-1800}" python3 "$HELPER" > "$report"

lanes="$(( $(wc -l < "$report") - 1 ))"
total_in="$(awk -F, 'NR > 1 {s += $2} END {print s + 0}' "$report")"
total_out="$(awk -F, 'NR > 1 {s += $3} END {print s + 0}' "$report")"

log "$lanes lanes, $total_in in, $total_out out"
log "report written to $report"
