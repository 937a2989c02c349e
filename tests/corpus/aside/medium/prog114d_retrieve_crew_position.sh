#!/usr/bin/env bash
# Retrieve-crew position reporter.
#
# Runs on the chase-vehicle Raspberry Pi while the crew is out. Reads a fix
# from gpsd every BEACON_INTERVAL seconds and posts it to the field tracker
# box in the trailer (self-signed cert, no internet needed) so the pilot's
# tablet can show where the retrieve trailer is.
#
# Usage: retrieve_crew_position.sh [-i seconds] [-v vehicle_id]

set -u

TRACKER_URL="${TRACKER_URL:-https://10.42.0.1:8443/api/positions}"
VEHICLE_ID="${VEHICLE_ID:-$(hostname -s)}"
BEACON_INTERVAL="${BEACON_INTERVAL:-20}"
PID_FILE="/tmp/crew_position.pid"
LOG_FILE="/tmp/crew_position.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >>"$LOG_FILE"; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts "i:v:h" opt; do
    case "$opt" in
        i) BEACON_INTERVAL="$OPTARG" ;;
        v) VEHICLE_ID="$OPTARG" ;;
        *) usage ;;
    esac
done

if [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
    echo "already running as $(cat "$PID_FILE")" >&2
    exit 0
fi
echo $$ >"$PID_FILE"
trap 'rm -f "$PID_FILE"' EXIT

read_fix() {
    # gpspipe prints JSON reports; take the first TPV with a 2D/3D fix.
    gpspipe -w -n 12 2>/dev/null \
        | grep -m1 '"class":"TPV".*"mode":[23]' \
        | python3 -c 'import json,sys; r=json.loads(sys.stdin.read()); print(r["lat"], r["lon"], r.get("speed",0), r.get("track",0))'
}

post_fix() {
    local lat="$1" lon="$2" speed="$3" track="$4"
    curl -fsS -k --max-time 10 \
        -H "Content-Type: application/json" \
        -H "Authorization: Bearer ${TRACKER_TOKEN:-}" \
        -d "{\"vehicle\":\"$VEHICLE_ID\",\"lat\":$lat,\"lon\":$lon,\"speed\":$speed,\"track\":$track,\"ts\":$(date +%s)}" \
        "$TRACKER_URL" >/dev/null
}

log "reporter starting for $VEHICLE_ID every ${BEACON_INTERVAL}s"
misses=0
while true; do
    if fix="$(read_fix)" && [ -n "$fix" ]; then
        # shellcheck disable=SC2086
        if post_fix $fix; then
            misses=0
        else
            misses=$((misses + 1))
            log "post failed ($misses)"
        fi
    else
        log "no GPS fix"
    fi
    if [ "$misses" -gt 30 ]; then
        log "tracker unreachable for a while, backing off"
        sleep 300
        misses=0
    fi
    sleep "$BEACON_INTERVAL"
done
