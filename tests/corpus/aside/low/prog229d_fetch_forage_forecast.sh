#!/usr/bin/env bash
# fetch_forage_forecast.sh - fetch tomorrow's hourly forecast for an apiary
# and print the hours that look good for foraging (warm, dry, calm), so the
# inspection team can plan when to open hives.
set -euo pipefail

API_BASE="${FORECAST_API:-https://api.example.org/weather/v1/forecast}"
CACHE_DIR="${CACHE_DIR:-./.cache/forecast}"
CACHE_MINUTES="${CACHE_MINUTES:-60}"
LAT="${APIARY_LAT:-52.37}"
LON="${APIARY_LON:-4.89}"
MIN_TEMP="${MIN_TEMP:-13}"
MAX_WIND="${MAX_WIND:-20}"
REFRESH=0

log() { echo "forecast: $*" >&2; }

while getopts ":a:o:t:w:r" opt; do
    case "$opt" in
        a) LAT="$OPTARG" ;;
        o) LON="$OPTARG" ;;
        t) MIN_TEMP="$OPTARG" ;;
        w) MAX_WIND="$OPTARG" ;;
        r) REFRESH=1 ;;
        *) echo "usage: $0 [-a lat] [-o lon] [-t min_temp_c] [-w max_wind_kmh] [-r]"; exit 64 ;;
    esac
done

URL="${API_BASE}?lat=${LAT}&lon=${LON}&hourly=temperature,precipitation,wind&days=2"
mkdir -p "$CACHE_DIR"

# cache key: md5 of the request URL
KEY="$(printf '%s' "$URL" | md5sum | cut -d' ' -f1)"
CACHE_FILE="$CACHE_DIR/$KEY.json"

fresh_cache() {
    [[ -f "$CACHE_FILE" ]] && [[ -n "$(find "$CACHE_FILE" -mmin -"$CACHE_MINUTES" 2>/dev/null)" ]]
}

if (( REFRESH == 0 )) && fresh_cache; then
    log "using cached forecast $CACHE_FILE"
else
    log "fetching $URL"
    if ! curl -fsS --max-time 20 -H 'Accept: application/json' "$URL" -o "$CACHE_FILE.part"; then
        log "download failed"
        rm -f "$CACHE_FILE.part"
        [[ -f "$CACHE_FILE" ]] || exit 1
        log "falling back to older cached forecast"
    else
        mv "$CACHE_FILE.part" "$CACHE_FILE"
    fi
fi

FORECAST_JSON="$(cat "$CACHE_FILE")" MIN_TEMP="$MIN_TEMP" MAX_WIND="$MAX_WIND" python3 - <<'PY'
import json
import os
import sys
from datetime import datetime, timedelta

try:
    data = json.loads(os.environ["FORECAST_JSON"])
    hours = data["hourly"]
except (ValueError, KeyError) as exc:
    sys.stderr.write(f"forecast: unexpected response ({exc})\n")
    sys.exit(2)

min_temp = float(os.environ["MIN_TEMP"])
max_wind = float(os.environ["MAX_WIND"])
tomorrow = (datetime.now() + timedelta(days=1)).date()

good = []
for t, temp, rain, wind in zip(hours["time"], hours["temperature"],
                               hours["precipitation"], hours["wind"]):
    when = datetime.fromisoformat(t)
    if when.date() != tomorrow:
        continue
    ok = temp >= min_temp and rain == 0 and wind <= max_wind
    if ok:
        good.append(when.strftime("%H:%M"))
    print(f"{when:%H:%M}  {temp:5.1f}C  rain {rain:4.1f}mm  wind {wind:4.1f}km/h  {'forage' if ok else '-'}")

print()
if good:
    print(f"good foraging hours tomorrow: {good[0]} - {good[-1]} ({len(good)} h)")
else:
    print("no good foraging hours tomorrow; keep hives closed")
PY
