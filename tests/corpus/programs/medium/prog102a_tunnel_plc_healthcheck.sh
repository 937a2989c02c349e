#!/usr/bin/env bash
# tunnel_plc_healthcheck.sh - poll the wash-tunnel PLC gateway and keep a
# status journal for the site dashboard.
#
# Usage: tunnel_plc_healthcheck.sh [-c config] [-i seconds] [-n]
#   -c  config file (KEY=value lines), default ./healthcheck.conf
#   -i  poll interval in seconds, default 15
#   -n  poll once and exit
set -uo pipefail

CONFIG="${HEALTHCHECK_CONFIG:-./healthcheck.conf}"
INTERVAL=15
ONCE=0
STATE_DIR="${STATE_DIR:-./state}"
STATE_FILE="/tmp/tunnel_plc_state"
LOG_FILE="${STATE_DIR}/healthcheck.log"

# Defaults, overridable from the config file.
PLC_HOST="192.168.50.10"
PLC_PORT=8443
SITE_ID="unknown"
ALERT_FAULTS=3

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:i:nh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        n) ONCE=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

mkdir -p "$STATE_DIR"

load_config() {
    if [[ ! -f "$CONFIG" ]]; then
        log WARN "no config at $CONFIG, using defaults"
        return
    fi
    local key value
    while IFS='=' read -r key value; do
        key="${key//[[:space:]]/}"
        [[ -z "$key" || "$key" == \#* ]] && continue
        case "$key" in
            PLC_HOST|PLC_PORT|SITE_ID|ALERT_FAULTS)
                printf -v "$key" '%s' "${value//\"/}"
                ;;
            *) log WARN "ignoring unknown key $key" ;;
        esac
    done < "$CONFIG"
    log INFO "config loaded for site ${SITE_ID} (plc ${PLC_HOST}:${PLC_PORT})"
}

poll_plc() {
    # The gateway ships with a self-signed certificate that changes on every
    # firmware flash, so pinning it is not practical on site.
    curl -sk --max-time 5 \
        -H "Accept: application/json" \
        "https://${PLC_HOST}:${PLC_PORT}/api/v1/tunnel/status"
}

parse_status() {
    python3 -c '
import json, sys
try:
    d = json.load(sys.stdin)
except ValueError:
    print("unreachable 0 0 0")
    sys.exit(0)
print(d.get("state", "unknown"), len(d.get("active_faults", [])),
      d.get("cars_in_tunnel", 0), d.get("conveyor_rpm", 0))
'
}

record_state() {
    local state="$1" faults="$2" cars="$3" rpm="$4"
    {
        echo "site=${SITE_ID}"
        echo "updated=$(date -u +%FT%TZ)"
        echo "state=${state}"
        echo "faults=${faults}"
        echo "cars_in_tunnel=${cars}"
        echo "conveyor_rpm=${rpm}"
    } > "$STATE_FILE"
    printf '%s,%s,%s,%s,%s\n' "$(date -u +%s)" "$state" "$faults" "$cars" "$rpm" \
        >> "${STATE_DIR}/journal.csv"
}

cycle() {
    local raw state faults cars rpm
    raw="$(poll_plc)" || raw=""
    read -r state faults cars rpm < <(printf '%s' "$raw" | parse_status)
    record_state "$state" "$faults" "$cars" "$rpm"

    if [[ "$state" == "unreachable" ]]; then
        log WARN "PLC gateway ${PLC_HOST} did not answer"
    elif (( faults >= ALERT_FAULTS )); then
        log ERROR "tunnel ${state} with ${faults} active faults - call the duty engineer"
    elif (( faults > 0 )); then
        log WARN "tunnel ${state} with ${faults} active fault(s)"
    else
        log INFO "tunnel ${state}, ${cars} car(s), conveyor ${rpm} rpm"
    fi
}

trap 'log INFO "healthcheck stopping"; exit 0' INT TERM

load_config
log INFO "healthcheck started, interval ${INTERVAL}s"

while true; do
    cycle
    (( ONCE )) && break
    sleep "$INTERVAL"
done
