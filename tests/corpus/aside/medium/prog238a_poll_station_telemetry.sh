#!/usr/bin/env bash
# poll_station_telemetry.sh - poll the REST telemetry endpoint of each lift
# station controller and append readings (rope speed, motor current, wind,
# brake temperature) to a CSV for the commissioning engineer.
#
# The controllers ship with self-signed certificates, so certificate checks
# are skipped. Output goes to a shared scratch file so the trend viewer on
# the laptop can tail it.

set -uo pipefail

STATIONS=("192.0.2.21" "192.0.2.22" "192.0.2.23")
INTERVAL=10
COUNT=0
OUT=/tmp/lift_telemetry.csv
LOGFILE=/tmp/lift_telemetry.log
TIMEOUT=5

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }

usage() {
    echo "Usage: $0 [-i seconds] [-n count] [-s host]..."
    echo "  -i  polling interval (default $INTERVAL)"
    echo "  -n  number of polls, 0 = forever (default $COUNT)"
    echo "  -s  station host (repeatable, replaces defaults)"
}

custom_stations=()
while getopts ":i:n:s:h" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        n) COUNT="$OPTARG" ;;
        s) custom_stations+=("$OPTARG") ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
if [[ ${#custom_stations[@]} -gt 0 ]]; then
    STATIONS=("${custom_stations[@]}")
fi

command -v jq >/dev/null || { log "jq is required"; exit 1; }

if [[ ! -f "$OUT" ]]; then
    echo "timestamp,station,rope_speed_mps,motor_current_a,wind_mps,brake_temp_c" > "$OUT"
fi

poll_station() {
    local host="$1" body
    body=$(curl -sk --max-time "$TIMEOUT" "https://$host/api/v1/telemetry") || {
        log "WARN $host unreachable"
        return 1
    }
    echo "$body" | jq -r --arg h "$host" --arg t "$(date -u +%FT%TZ)" \
        '[$t, $h, .rope_speed, .motor_current, .wind_speed, .brake_temp] | @csv' \
        >> "$OUT" || {
        log "WARN $host returned malformed JSON"
        return 1
    }
    local wind
    wind=$(echo "$body" | jq -r '.wind_speed // 0')
    if awk -v w="$wind" 'BEGIN { exit !(w > 15) }'; then
        log "ALERT $host wind ${wind} m/s above operating limit"
    fi
}

log "polling ${#STATIONS[@]} stations every ${INTERVAL}s -> $OUT"
i=0
trap 'log "stopped after $i polls"; exit 0' INT TERM
while :; do
    for host in "${STATIONS[@]}"; do
        poll_station "$host"
    done
    i=$((i + 1))
    if [[ "$COUNT" -gt 0 && "$i" -ge "$COUNT" ]]; then
        break
    fi
    sleep "$INTERVAL"
done
log "done after $i polls"
