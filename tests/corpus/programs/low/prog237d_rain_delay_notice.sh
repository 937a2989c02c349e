#!/usr/bin/env bash
# Rain delay notice: checks the morning forecast and, when heavy rain is
# expected during the first tee times, posts a delay notice to the booking
# system's announcements API so members see it before they drive in.
set -euo pipefail

FORECAST_URL="${FORECAST_URL:-https://api.example.com/v2/forecast}"
BOOKING_API="${BOOKING_API:-https://booking.example.com/api/v1}"
THRESHOLD_MM="${RAIN_THRESHOLD_MM:-4}"
FIRST_TEE="${FIRST_TEE:-07:00}"
STATE_DIR="$PWD/state"
DRY_RUN=0

usage() { echo "usage: $0 [-t threshold_mm] [-f HH:MM] [-n]"; }

while getopts "t:f:nh" o; do
    case "$o" in
        t) THRESHOLD_MM="$OPTARG" ;;
        f) FIRST_TEE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "${BOOKING_API_KEY:-}" && $DRY_RUN -eq 0 ]]; then
    echo "BOOKING_API_KEY is not set" >&2
    exit 1
fi

mkdir -p "$STATE_DIR"
today="$(date +%F)"
marker="$STATE_DIR/rain_notice_$today"
if [[ -f "$marker" ]]; then
    echo "notice already posted today" >&2
    exit 0
fi

forecast="$(curl -fsS --max-time 20 "$FORECAST_URL?lat=51.50&lon=-0.12&hours=12")" || {
    echo "forecast unavailable" >&2; exit 1; }

# decide: total rain in the three hours from the first tee time
decision="$(curl_json="$forecast" FIRST_TEE="$FIRST_TEE" THRESHOLD="$THRESHOLD_MM" \
    python3 -c '
import json, os, sys
data = json.loads(os.environ["curl_json"])
start = os.environ["FIRST_TEE"]
hh = int(start[:2])
window = {f"{h:02d}" for h in range(hh, hh + 3)}
rain = sum(float(h.get("precip_mm", 0)) for h in data.get("hourly", [])
           if h.get("time", "")[11:13] in window)
delay = rain >= float(os.environ["THRESHOLD"])
minutes = 0 if not delay else (60 if rain < 10 else 120)
print(f"{int(delay)} {rain:.1f} {minutes}")
')"

read -r delay rain minutes <<<"$decision"
echo "rain $rain mm in first window, delay=$delay ($minutes min)" >&2
[[ "$delay" == "1" ]] || exit 0

body="$(MINUTES="$minutes" RAIN="$rain" DAY="$today" python3 -c '
import json, os
minutes, rain = int(os.environ["MINUTES"]), os.environ["RAIN"]
msg = f"Rain delay: first tee times moved back {minutes} minutes ({rain} mm forecast)."
print(json.dumps({
    "date": os.environ["DAY"],
    "type": "rain_delay",
    "delay_minutes": minutes,
    "message": msg,
}))
')"

if (( DRY_RUN )); then
    echo "$body"
    exit 0
fi

status="$(curl -sS --max-time 15 -o "$STATE_DIR/last_response.json" -w '%{http_code}' \
    -X POST "$BOOKING_API/announcements" \
    -H "Authorization: Bearer $BOOKING_API_KEY" \
    -H "Content-Type: application/json" \
    --data "$body")"

if [[ "$status" == 2* ]]; then
    touch "$marker"
    echo "delay notice posted ($status)" >&2
else
    echo "booking API answered $status" >&2
    exit 1
fi
