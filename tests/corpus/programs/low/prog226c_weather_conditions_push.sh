#!/usr/bin/env bash
# Fetch the circuit weather observation, convert it to the team's track
# conditions schema and post it to the team conditions API, where the
# strategy tools read it. Run from cron on the pit-wall box every minute.
#
# usage: weather_conditions_push.sh [-s station] [-e event] [-n]
# env:   TEAM_API_KEY (required unless -n)
set -euo pipefail

WEATHER_URL="${WEATHER_URL:-https://weather.example.org/api/v2/observations}"
TEAM_API="${TEAM_API:-https://api.example.com/v1/conditions}"
STATION="circuit-main"
EVENT="${EVENT_CODE:-R07}"
DRY_RUN=0
STATE_DIR="./state"
LAST_FILE="$STATE_DIR/last_conditions.json"

log() { printf '%s [weather] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

while getopts ":s:e:nh" opt; do
    case "$opt" in
        s) STATION="$OPTARG" ;;
        e) EVENT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

if [[ $DRY_RUN -eq 0 && -z "${TEAM_API_KEY:-}" ]]; then
    log "TEAM_API_KEY is not set"
    exit 2
fi
mkdir -p "$STATE_DIR"

OBS="$(curl -fsS --max-time 10 "$WEATHER_URL?station=$STATION&latest=1")" || {
    log "weather fetch failed"
    exit 1
}

# convert the observation into our schema; the raw JSON is passed in the env
PAYLOAD="$(WEATHER_OBS="$OBS" EVENT="$EVENT" STATION="$STATION" python3 -c '
import json, os, sys
obs = json.loads(os.environ["WEATHER_OBS"])
o = obs["observations"][0] if "observations" in obs else obs
def num(k, default=None):
    try:
        return round(float(o[k]), 2)
    except (KeyError, TypeError, ValueError):
        return default
out = {
    "event": os.environ["EVENT"],
    "station": os.environ["STATION"],
    "observed_at": o.get("time"),
    "air_temp_c": num("air_temperature"),
    "track_temp_c": num("surface_temperature"),
    "humidity_pct": num("relative_humidity"),
    "wind_ms": num("wind_speed"),
    "wind_dir_deg": num("wind_direction"),
    "rain_mm_h": num("precipitation_rate", 0.0),
}
out["wet"] = (out["rain_mm_h"] or 0) > 0.2
if out["air_temp_c"] is None:
    sys.exit("observation missing air temperature")
print(json.dumps(out, sort_keys=True))
')" || { log "could not convert observation"; exit 1; }

if [[ -f "$LAST_FILE" ]] && [[ "$(cat "$LAST_FILE")" == "$PAYLOAD" ]]; then
    log "conditions unchanged, nothing to post"
    exit 0
fi

if [[ $DRY_RUN -eq 1 ]]; then
    printf '%s\n' "$PAYLOAD"
    exit 0
fi

HTTP_CODE="$(printf '%s' "$PAYLOAD" | curl -sS --max-time 10 -o "$STATE_DIR/post_response.json" \
    -w '%{http_code}' -X POST \
    -H "Authorization: Bearer $TEAM_API_KEY" \
    -H "Content-Type: application/json" \
    --data-binary @- "$TEAM_API")" || { log "post failed"; exit 1; }

case "$HTTP_CODE" in
    200|201|204)
        printf '%s' "$PAYLOAD" > "$LAST_FILE"
        log "conditions posted ($HTTP_CODE)"
        ;;
    *)
        log "API answered $HTTP_CODE: $(head -c 200 "$STATE_DIR/post_response.json")"
        exit 1
        ;;
esac
