#!/usr/bin/env bash
# Weekly digest of the hut's battery readings plus the mountain weather
# outlook, written as a text file the warden prints and pins up in the hut.
set -euo pipefail

READINGS_DIR="${READINGS_DIR:-./readings}"
OUT_FILE="${OUT_FILE:-./weekly_digest.txt}"
CACHE_DIR="./.digest_cache"
FORECAST_URL="${FORECAST_URL:-https://weather.example.com/api/v2/forecast}"
HUT_LAT="${HUT_LAT:-46.55}"
HUT_LON="${HUT_LON:-10.82}"
DAYS=7

log() { echo "[$(date +%T)] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --days) DAYS="$2"; shift 2 ;;
        --out) OUT_FILE="$2"; shift 2 ;;
        --clean) rm -rf "$CACHE_DIR"; log "cache cleared"; exit 0 ;;
        -h|--help) echo "usage: $0 [--days N] [--out FILE] [--clean]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

mkdir -p "$CACHE_DIR"

# Concatenate the last N daily files into one cache file.
FILES="$(ls -1 "$READINGS_DIR"/battery_*.csv 2>/dev/null | sort | tail -n "$DAYS" || true)"
if [[ -z "$FILES" ]]; then
    log "no readings in $READINGS_DIR"
    exit 1
fi
COMBINED="$CACHE_DIR/combined.csv"
head -n 1 "$(head -n 1 <<<"$FILES")" > "$COMBINED"
while IFS= read -r f; do
    tail -n +2 "$f" >> "$COMBINED"
done <<<"$FILES"
log "combined $(wc -l <<<"$FILES") files"

# Statistics are easier in Python; the path comes in through the environment.
STATS="$(COMBINED="$COMBINED" python3 - <<'PY'
import csv, os, statistics
rows = list(csv.DictReader(open(os.environ["COMBINED"], newline="")))
soc = [float(r["soc"]) for r in rows if r.get("soc")]
volt = [float(r["voltage"]) for r in rows if r.get("voltage")]
solar = [float(r.get("solar_w", 0) or 0) for r in rows]
if not soc:
    print("no data")
else:
    print(f"readings:        {len(rows)}")
    print(f"state of charge: min {min(soc):.0f}%  avg {statistics.mean(soc):.0f}%  max {max(soc):.0f}%")
    print(f"voltage:         min {min(volt):.2f} V  max {max(volt):.2f} V")
    print(f"solar peak:      {max(solar):.0f} W")
    low = sum(1 for s in soc if s < 30)
    print(f"readings < 30%:  {low}")
PY
)"

# Weather outlook: a plain GET with a timeout, cached for the day.
FORECAST_CACHE="$CACHE_DIR/forecast_$(date +%F).json"
if [[ ! -s "$FORECAST_CACHE" ]]; then
    if ! curl -fsS --max-time 15 -o "$FORECAST_CACHE" \
        "$FORECAST_URL?lat=$HUT_LAT&lon=$HUT_LON&days=3"; then
        log "forecast unavailable"
        rm -f "$FORECAST_CACHE"
    fi
fi

OUTLOOK="forecast unavailable"
if [[ -s "$FORECAST_CACHE" ]]; then
    OUTLOOK="$(python3 -c '
import json, sys
data = json.load(open(sys.argv[1]))
for day in data.get("days", [])[:3]:
    when = day.get("date", "?")
    summary = day.get("summary", "?")
    sun = day.get("sun_hours", "?")
    print(f"{when}: {summary}, sun {sun} h")
' "$FORECAST_CACHE" 2>/dev/null || echo "forecast unreadable")"
fi

{
    echo "Battery digest, week ending $(date +%F)"
    echo "========================================"
    echo "$STATS"
    echo
    echo "Weather outlook"
    echo "---------------"
    echo "$OUTLOOK"
} > "$OUT_FILE"

# Old forecast caches are ours to remove.
find "$CACHE_DIR" -name 'forecast_*.json' -mtime +7 -delete
log "digest written to $OUT_FILE"
