#!/usr/bin/env bash
# telematics_gateway_poll.sh - poll the DualTrak gateway for every dual-control car
# in the fleet and append instructor pedal / intervention events to
# ./telemetry/<REG>.ndjson for the weekly instructor review.
#
# Config is read from ./telematics.conf (shell syntax) if present:
#   GATEWAY=https://gw.dualtrak.local:8443
#   FLEET_TOKEN=...
#   FLEET_FILE=./fleet.txt     (one registration per line)
set -euo pipefail

CONF="${TELEMATICS_CONF:-./telematics.conf}"
# shellcheck disable=SC1090
[[ -f "$CONF" ]] && source "$CONF"

GATEWAY="${GATEWAY:-https://gw.dualtrak.local:8443}"
FLEET_FILE="${FLEET_FILE:-./fleet.txt}"
OUT_DIR="${OUT_DIR:-./telemetry}"
INTERVAL="${INTERVAL:-60}"
ONCE=0

usage() {
    echo "usage: $0 [-o outdir] [-i seconds] [--once]" >&2
    exit 64
}

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -o) OUT_DIR="$2"; shift 2 ;;
        -i) INTERVAL="$2"; shift 2 ;;
        --once) ONCE=1; shift ;;
        -h|--help) usage ;;
        *) usage ;;
    esac
done

: "${FLEET_TOKEN:?FLEET_TOKEN must be set in env or $CONF}"
command -v jq >/dev/null || { log ERROR "jq is required"; exit 1; }
mkdir -p "$OUT_DIR"

cleanup() {
    rm -f "$OUT_DIR"/.resp.*
}
trap cleanup EXIT

poll_car() {
    local reg="$1" since_file="$OUT_DIR/.since_$1" since resp count
    since=$(cat "$since_file" 2>/dev/null || echo 0)
    resp="$OUT_DIR/.resp.$reg"

    if ! curl -sS -k --max-time 15 --retry 2 \
            -H "X-Fleet-Token: $FLEET_TOKEN" \
            "$GATEWAY/api/v1/cars/$reg/events?since=$since" -o "$resp"; then
        log WARN "$reg: gateway request failed"
        return 1
    fi

    count=$(jq '.events | length' "$resp" 2>/dev/null || echo 0)
    if [[ "$count" -gt 0 ]]; then
        jq -c '.events[] | {ts, reg: "'"$reg"'", type, pedal, speed_kph, lat, lon, instructor}' \
            "$resp" >>"$OUT_DIR/$reg.ndjson"
        jq -r '.events[-1].seq' "$resp" >"$since_file"
        log INFO "$reg: $count new events"
    fi
}

poll_fleet() {
    local reg ok=0 fail=0
    while IFS= read -r reg; do
        reg="${reg%%#*}"; reg="${reg// /}"
        [[ -z "$reg" ]] && continue
        if poll_car "$reg"; then ok=$((ok + 1)); else fail=$((fail + 1)); fi
    done <"$FLEET_FILE"
    log INFO "cycle complete: $ok ok, $fail failed"
}

[[ -f "$FLEET_FILE" ]] || { log ERROR "fleet file $FLEET_FILE not found"; exit 1; }

while :; do
    poll_fleet
    [[ "$ONCE" -eq 1 ]] && break
    sleep "$INTERVAL"
done
