#!/usr/bin/env bash
# session_log_summary.sh - daily summary of charging sessions from the OCPP
# gateway logs copied into ./logs by the nightly sync.
#
# grep/awk pull the StopTransaction lines into a staging file in ./.cache,
# an embedded Python helper (paths passed via environment variables) groups
# them per station, and the report lands in ./reports.
set -euo pipefail

LOG_DIR="${LOG_DIR:-./logs}"
REPORT_DIR="${REPORT_DIR:-./reports}"
CACHE_DIR="./.cache/session_summary"
DAY="$(date -d yesterday +%F)"
KEEP_CACHE=0

say() { echo "[summary] $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        -d|--day) DAY="$2"; shift 2 ;;
        -l|--logs) LOG_DIR="$2"; shift 2 ;;
        --keep-cache) KEEP_CACHE=1; shift ;;
        -h|--help) echo "usage: $0 [-d YYYY-MM-DD] [-l logdir] [--keep-cache]"; exit 0 ;;
        *) say "unknown option $1"; exit 1 ;;
    esac
done

shopt -s nullglob
LOGS=("$LOG_DIR"/ocpp-*"$DAY"*.log "$LOG_DIR"/ocpp-*"$DAY"*.log.gz)
if [ ${#LOGS[@]} -eq 0 ]; then
    say "no gateway logs for $DAY in $LOG_DIR"
    exit 0
fi
say "${#LOGS[@]} log files for $DAY"

mkdir -p "$CACHE_DIR" "$REPORT_DIR"
STAGE="$CACHE_DIR/stops-$DAY.tsv"
: > "$STAGE"

for f in "${LOGS[@]}"; do
    case "$f" in
        *.gz) reader=(zcat -- "$f") ;;
        *) reader=(cat -- "$f") ;;
    esac
    "${reader[@]}" | grep -F '"StopTransaction"' | awk -F'\t' '
        { station=$2; meter=""; reason="";
          if (match($0, /"meterStop":[0-9]+/)) meter=substr($0, RSTART+12, RLENGTH-12);
          if (match($0, /"reason":"[A-Za-z]+"/)) reason=substr($0, RSTART+10, RLENGTH-11);
          if (match($0, /"meterStart":[0-9]+/)) start=substr($0, RSTART+13, RLENGTH-13); else start=0;
          print station "\t" meter "\t" start "\t" reason }' >> "$STAGE"
done

LINES="$(wc -l < "$STAGE")"
say "$LINES stop events staged"

export STAGE DAY
REPORT="$REPORT_DIR/sessions-$DAY.txt"
python3 - > "$REPORT" <<'PY'
import collections, os

per_station = collections.defaultdict(lambda: {"sessions": 0, "wh": 0, "reasons": collections.Counter()})
with open(os.environ["STAGE"]) as fh:
    for line in fh:
        parts = line.rstrip("\n").split("\t")
        if len(parts) != 4 or not parts[1]:
            continue
        station, stop, start, reason = parts
        s = per_station[station]
        s["sessions"] += 1
        s["wh"] += max(0, int(stop) - int(start or 0))
        s["reasons"][reason or "Local"] += 1

print(f"Charging sessions for {os.environ['DAY']}")
print(f"{'station':<14}{'sessions':>9}{'kWh':>10}  top stop reason")
total_wh = 0
for station in sorted(per_station):
    s = per_station[station]
    total_wh += s["wh"]
    top = s["reasons"].most_common(1)[0][0]
    print(f"{station:<14}{s['sessions']:>9}{s['wh']/1000:>10.1f}  {top}")
print(f"{'TOTAL':<14}{sum(s['sessions'] for s in per_station.values()):>9}{total_wh/1000:>10.1f}")
PY

say "report written to $REPORT"
if [ "$KEEP_CACHE" -eq 0 ]; then
    rm -f -- "$STAGE"
    rmdir --ignore-fail-on-non-empty "$CACHE_DIR" 2>/dev/null || true
fi
