#!/usr/bin/env bash
# Check-in for remote irrigation field nodes.
#
# Sends a small JSON status record (uptime, battery, valve states) to the
# irrigation dispatcher API.  The node's API token comes from the node
# environment (IRRIGATION_API_TOKEN) and is only ever sent to the
# dispatcher.  Run from the node scheduler every 15 minutes.
#
# usage: pivot_node_checkin.sh [-u api_url] [-d]
set -uo pipefail

API_URL="${IRRIGATION_API_URL:-https://dispatch.fieldlink-irrigation.com/api/v1/checkin}"
DRY=0
STATE_DIR="${NODE_STATE_DIR:-$PWD/state}"

while getopts ":u:d" opt; do
    case $opt in
        u) API_URL=$OPTARG ;;
        d) DRY=1 ;;
        *) echo "usage: $0 [-u api_url] [-d]" >&2; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
LOG="$STATE_DIR/checkin.log"
log() { echo "$(date -u +%FT%TZ) $*" >> "$LOG"; }

node_id() {
    if [[ -f "$STATE_DIR/node_id" ]]; then
        cat "$STATE_DIR/node_id"
    else
        hostname -s | tr -cd 'a-z0-9-' | tee "$STATE_DIR/node_id"
    fi
}

battery_mv() {
    local f=/sys/class/power_supply/battery/voltage_now
    [[ -r $f ]] && echo $(( $(cat "$f") / 1000 )) || echo 0
}

valve_state() {
    [[ -f "$STATE_DIR/valves" ]] && tr '\n' ';' < "$STATE_DIR/valves" || echo "unknown"
}

build_record() {
    printf '{"node":"%s","uptime_s":%s,"battery_mv":%s,"valves":"%s","ts":"%s"}\n' \
        "$(node_id)" "$(cut -d' ' -f1 /proc/uptime)" "$(battery_mv)" \
        "$(valve_state)" "$(date -u +%FT%TZ)"
}

send_record() {
    local body code tries=0
    body=$(build_record)
    if (( DRY )); then
        echo "$body"
        return 0
    fi
    if [[ -z "${IRRIGATION_API_TOKEN:-}" ]]; then
        log "IRRIGATION_API_TOKEN not set; skipping check-in"
        return 1
    fi
    while (( tries < 3 )); do
        code=$(curl -s -o "$STATE_DIR/last_response.json" -w '%{http_code}' \
            --max-time 20 \
            -H "Authorization: Bearer ${IRRIGATION_API_TOKEN}" \
            -H 'Content-Type: application/json' \
            --data "$body" "$API_URL")
        if [[ $code == 2* ]]; then
            log "check-in ok ($code)"
            return 0
        fi
        tries=$(( tries + 1 ))
        log "check-in failed ($code), attempt $tries"
        sleep $(( tries * 10 ))
    done
    return 1
}

send_record
