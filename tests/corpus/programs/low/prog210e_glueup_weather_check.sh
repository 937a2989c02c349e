#!/bin/bash
# Check the outdoor humidity forecast before a big glue-up or before
# closing a harp soundbox.  Fetches the hourly forecast from Open-Meteo,
# logs it to a CSV in the working directory and warns on risky hours.
set -euo pipefail

LAT="${WORKSHOP_LAT:-52.37}"
LON="${WORKSHOP_LON:-4.89}"
MAX_RH="${MAX_RH:-65}"
MIN_RH="${MIN_RH:-35}"
CACHE_DIR="$PWD/.weather-cache"
HISTORY="$PWD/humidity_history.csv"
KEEP_DAYS=7

log() {
    echo "$(date '+%T') $*" >&2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --lat) LAT="$2"; shift 2 ;;
        --lon) LON="$2"; shift 2 ;;
        --max) MAX_RH="$2"; shift 2 ;;
        --min) MIN_RH="$2"; shift 2 ;;
        -h|--help) echo "Usage: $0 [--lat N] [--lon N] [--max RH] [--min RH]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

mkdir -p "$CACHE_DIR"
today="$(date +%F)"
cache="$CACHE_DIR/forecast-$today.json"
url="https://api.open-meteo.com/v1/forecast?latitude=${LAT}&longitude=${LON}&hourly=relative_humidity_2m,temperature_2m&forecast_days=1"

if [[ ! -s "$cache" ]]; then
    log "fetching forecast for $LAT,$LON"
    if ! curl -fsS --max-time 20 "$url" -o "$cache"; then
        log "forecast download failed"
        rm -f "$cache"
        exit 1
    fi
else
    log "using cached forecast $cache"
fi

# summarise the hours and append them to the history file
summary="$(MAX_RH="$MAX_RH" MIN_RH="$MIN_RH" HISTORY="$HISTORY" python3 - "$cache" <<'PY'
import csv, json, os, sys
with open(sys.argv[1]) as fh:
    hourly = json.load(fh)["hourly"]
lo, hi = float(os.environ["MIN_RH"]), float(os.environ["MAX_RH"])
path = os.environ["HISTORY"]
new = not os.path.exists(path)
bad = []
with open(path, "a", newline="") as fh:
    w = csv.writer(fh)
    if new:
        w.writerow(["time", "rh", "temp_c"])
    for t, rh, temp in zip(hourly["time"], hourly["relative_humidity_2m"], hourly["temperature_2m"]):
        w.writerow([t, rh, temp])
        if rh is not None and not lo <= rh <= hi:
            bad.append(t[-5:])
print(len(bad), " ".join(bad))
PY
)"

read -r bad_count bad_hours <<<"$summary"
if [[ "$bad_count" -eq 0 ]]; then
    echo "All hours today within ${MIN_RH}-${MAX_RH}% RH: fine for glue-ups."
else
    echo "Outside ${MIN_RH}-${MAX_RH}% RH at: ${bad_hours:-?}"
    echo "Keep the workshop closed and dehumidifier running during those hours."
fi

# clear out old cached forecasts
find "$CACHE_DIR" -name 'forecast-*.json' -mtime +"$KEEP_DAYS" -delete
