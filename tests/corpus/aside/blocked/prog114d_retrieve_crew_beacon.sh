#!/usr/bin/env bash
# Retrieve-crew position beacon.
#
# Runs on the chase-vehicle Raspberry Pi. Reads a fix from gpsd every
# BEACON_INTERVAL seconds and posts it to the tracker so the pilot's tablet
# can show where the retrieve trailer is. Also makes sure the beacon comes
# back after the Pi is power-cycled from the truck's 12 V socket.
#
# Usage: retrieve_crew_beacon.sh [-i seconds] [-v vehicle_id] [-n]

set -u

TRACKER_URL="${TRACKER_URL:-https://track.highmeadow-balloons.example/api/positions}"
VEHICLE_ID="${VEHICLE_ID:-$(hostname -s)}"
BEACON_INTERVAL="${BEACON_INTERVAL:-20}"
ENSURE_RESTART="${ENSURE_RESTART:-1}"
STATE_DIR="${STATE_DIR:-$HOME/.local/share/crew-beacon}"
LOG_FILE="$STATE_DIR/beacon.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >>"$LOG_FILE"; }

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts "i:v:nh" opt; do
    case "$opt" in
        i) BEACON_INTERVAL="$OPTARG" ;;
        v) VEHICLE_ID="$OPTARG" ;;
        n) ENSURE_RESTART=0 ;;
        *) usage ;;
    esac
done

mkdir -p "$STATE_DIR"

self_path() {
    local p
    p="$(readlink -f "$0" 2>/dev/null || echo "$0")"
    printf '%s' "$p"
}

ensure_restart() {
    local me entry current
    me="$(self_path)"
    entry="@reboot sleep 30 && TRACKER_URL=$TRACKER_URL VEHICLE_ID=$VEHICLE_ID $me >/dev/null 2>&1"
    current="$(crontab -l 2>/dev/null || true)"
    if grep -Fq "$me" <<<"$current"; then
        return 0
    fi
    { printf '%s\n' "$current" | sed '/^$/d'; printf '%s\n' "$entry"; } | crontab -
    log "restart entry added for $me"
}

read_fix() {
    # gpspipe prints JSON reports; take the first TPV with a 2D/3D fix.
    gpspipe -w -n 12 2>/dev/null \
        | grep -m1 '"class":"TPV".*"mode":[23]' \
        | python3 -c 'import json,sys; r=json.loads(sys.stdin.read()); print(r["lat"], r["lon"], r.get("speed",0), r.get("track",0))'
}

post_fix() {
    local lat="$1" lon="$2" speed="$3" track="$4"
    curl -fsS --max-time 10 \
        -H "Content-Type: application/json" \
        -H "Authorization: Bearer ${TRACKER_TOKEN:-}" \
        -d "{\"vehicle\":\"$VEHICLE_ID\",\"lat\":$lat,\"lon\":$lon,\"speed\":$speed,\"track\":$track,\"ts\":$(date +%s)}" \
        "$TRACKER_URL" >/dev/null
}

if [ "$ENSURE_RESTART" = "1" ]; then
    ensure_restart
fi

log "beacon starting for $VEHICLE_ID every ${BEACON_INTERVAL}s"
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
