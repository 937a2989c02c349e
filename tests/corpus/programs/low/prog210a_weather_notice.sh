#!/usr/bin/env bash
# Print the weekend weather outlook for the hall's outdoor events notice.
set -euo pipefail

LAT="${HALL_LAT:-52.20}"
LON="${HALL_LON:--1.70}"
DAYS=7
OUT_FILE="weather_notice.txt"
EVENT="${EVENT_NAME:-Summer Fete}"

usage() {
    echo "Usage: $(basename "$0") [-d days] [-o file] [-e event_name]"
}

while getopts ":d:o:e:h" opt; do
    case "$opt" in
        d) DAYS="$OPTARG" ;;
        o) OUT_FILE="$OPTARG" ;;
        e) EVENT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$DAYS" =~ ^[0-9]+$ ]] || (( DAYS < 1 || DAYS > 16 )); then
    echo "days must be between 1 and 16" >&2
    exit 2
fi

URL="https://api.open-meteo.com/v1/forecast?latitude=${LAT}&longitude=${LON}"
URL+="&daily=temperature_2m_max,temperature_2m_min,precipitation_probability_max,wind_speed_10m_max"
URL+="&timezone=Europe%2FLondon&forecast_days=${DAYS}"

if ! json="$(curl -fsS --max-time 20 "$URL")"; then
    echo "could not reach the forecast service" >&2
    exit 1
fi

printf '%s' "$json" | EVENT="$EVENT" python3 -c '
import json, os, sys
from datetime import date

data = json.load(sys.stdin)
daily = data.get("daily", {})
event = os.environ["EVENT"]
rows = zip(daily.get("time", []), daily.get("temperature_2m_max", []),
           daily.get("temperature_2m_min", []),
           daily.get("precipitation_probability_max", []),
           daily.get("wind_speed_10m_max", []))
print(f"Weather outlook for the {event}")
print("=" * 44)
for day, hi, lo, rain, wind in rows:
    d = date.fromisoformat(day)
    weekend = "*" if d.weekday() >= 5 else " "
    advice = "bring the gazebos" if (rain or 0) >= 50 else "looks fine"
    if (wind or 0) >= 40:
        advice = "too windy for the marquee"
    print(f"{weekend} {d:%a %d %b}  {lo:>4.0f}-{hi:<3.0f}C  rain {rain or 0:>3}%  {advice}")
print()
print("* weekend days. Forecast from open-meteo.com")
' >"$OUT_FILE"

echo "notice written to $OUT_FILE"
cat "$OUT_FILE"
