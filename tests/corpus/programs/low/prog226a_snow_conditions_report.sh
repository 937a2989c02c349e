#!/usr/bin/env bash
# Morning snow conditions report for the ski school line-up board.
# Pulls the resort weather feed, picks a teaching-terrain recommendation per
# level and writes a plain-text report for the line-up board printer.
#
# Usage: prog226a_snow_conditions_report.sh [-r resort] [-o outdir]
set -euo pipefail

RESORT="snowline-peak"
OUT_DIR="./reports"
CACHE_DIR="./.cache/snow"
FEED="${SNOW_FEED_URL:-https://api.example.com/v1/conditions}"

log() { printf '%s snow: %s\n' "$(date '+%T')" "$*" >&2; }

while getopts ":r:o:h" opt; do
    case "$opt" in
        r) RESORT="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 1 ;;
    esac
done

mkdir -p "$OUT_DIR" "$CACHE_DIR"
today="$(date +%F)"
raw="$CACHE_DIR/${RESORT}_${today}.json"

if [[ ! -s "$raw" ]]; then
    log "fetching conditions for $RESORT"
    if ! curl -fsS --max-time 15 -H 'Accept: application/json' \
            "$FEED?resort=$RESORT" -o "$raw"; then
        log "feed not reachable"
        rm -f "$raw"
        exit 3
    fi
else
    log "using cached feed $raw"
fi

# The JSON travels to Python through the environment.
summary="$(SNOW_JSON="$(cat "$raw")" python3 - <<'PY'
import json, os, sys
try:
    d = json.loads(os.environ["SNOW_JSON"])
except ValueError as exc:
    sys.stderr.write(f"bad feed: {exc}\n")
    sys.exit(1)
new = float(d.get("new_snow_cm", 0))
temp = float(d.get("temp_c", 0))
wind = float(d.get("wind_kmh", 0))
vis = d.get("visibility", "good")
print(f"new_snow={new:.0f} temp={temp:.0f} wind={wind:.0f} visibility={vis}")
def pick(level):
    if wind > 60:
        return "indoor theory / magic carpet only"
    if level == "beginner":
        return "bunny hill" if vis != "poor" else "bunny hill near base lodge"
    if level == "intermediate":
        return "Pine Run" if new < 20 else "groomed Pine Run, avoid off-piste"
    return "Powder Bowl" if new >= 20 and vis == "good" else "Ridge Line groomers"
for lvl in ("beginner", "intermediate", "advanced"):
    print(f"{lvl}|{pick(lvl)}")
PY
)" || { log "could not parse feed"; exit 4; }

report="$OUT_DIR/lineup_${RESORT}_${today}.txt"
{
    echo "SNOWLINE SKI & RIDE SCHOOL - LINE-UP $(date '+%a %d %b %Y')"
    echo "Resort: $RESORT"
    echo "Conditions: $(head -n1 <<< "$summary")"
    echo
    tail -n +2 <<< "$summary" | while IFS='|' read -r level terrain; do
        printf '  %-13s %s\n' "$level" "$terrain"
    done
} > "$report"

# keep only the last week of cached feeds
find "$CACHE_DIR" -name '*.json' -mtime +7 -delete
log "report written to $report"
