#!/usr/bin/env bash
# weather_window_check.sh - decide which of the next days have a usable
# weather window for rope-access blade repair or crane lifts, from the
# site forecast service.
#
# Usage: weather_window_check.sh [-k crane|rope] [-s site] [-d days]
set -euo pipefail

FORECAST_API="${FORECAST_API:-https://forecast.example.com/v2}"
KIND="rope"
SITE="north-ridge"
DAYS=5
CACHE_DIR="./.forecast_cache"

log() { echo "[window] $*" >&2; }

while getopts ":k:s:d:" opt; do
    case "$opt" in
        k) KIND="$OPTARG" ;;
        s) SITE="$OPTARG" ;;
        d) DAYS="$OPTARG" ;;
        *) log "usage: $0 [-k crane|rope] [-s site] [-d days]"; exit 1 ;;
    esac
done

case "$KIND" in
    rope)  MAX_WIND=12; MAX_GUST=15; MIN_HOURS=6 ;;
    crane) MAX_WIND=9;  MAX_GUST=12; MIN_HOURS=8 ;;
    *) log "unknown kind $KIND"; exit 1 ;;
esac

fetch_forecast() {
    mkdir -p "$CACHE_DIR"
    local cache="$CACHE_DIR/${SITE}_$(date +%F_%H).json"
    if [[ -s "$cache" ]]; then
        log "using cached forecast $cache"
        cat "$cache"
        return
    fi
    log "fetching forecast for $SITE"
    if curl -fsS --max-time 20 "$FORECAST_API/hourly?site=$SITE&days=$DAYS" -o "$cache.part"; then
        mv "$cache.part" "$cache"
        cat "$cache"
    else
        rm -f "$cache.part"
        return 1
    fi
}

evaluate() {
    WIN_MAX_WIND="$MAX_WIND" WIN_MAX_GUST="$MAX_GUST" WIN_MIN_HOURS="$MIN_HOURS" \
    python3 -c '
import json, os, sys
from collections import defaultdict
max_wind = float(os.environ["WIN_MAX_WIND"])
max_gust = float(os.environ["WIN_MAX_GUST"])
min_hours = int(os.environ["WIN_MIN_HOURS"])
data = json.load(sys.stdin)
days = defaultdict(list)
for h in data.get("hours", []):
    day = h["time"][:10]
    hour = int(h["time"][11:13])
    if 7 <= hour < 19:
        ok = (h.get("wind_ms", 99) <= max_wind and h.get("gust_ms", 99) <= max_gust
              and h.get("precip_mm", 0) < 0.5)
        days[day].append(ok)
for day in sorted(days):
    best = run = 0
    for ok in days[day]:
        run = run + 1 if ok else 0
        best = max(best, run)
    verdict = "GO" if best >= min_hours else "NO-GO"
    print(f"{day}  {verdict:6} longest window {best}h")
'
}

prune_cache() {
    find "$CACHE_DIR" -name '*.json' -mtime +2 -delete 2>/dev/null || true
}

main() {
    local forecast
    if ! forecast="$(fetch_forecast)"; then
        log "forecast service unavailable"
        exit 2
    fi
    log "criteria for $KIND work: wind<=${MAX_WIND} gust<=${MAX_GUST} for ${MIN_HOURS}h daylight"
    printf '%s' "$forecast" | evaluate
    prune_cache
}

main
