#!/usr/bin/env bash
# key_cabinet_status_poll.sh - poll the showroom key cabinet controller and keep a
# running log of key checkouts, flagging keys that have been out too long.
#
# Usage: ./key_cabinet_status_poll.sh [-c keycabinet.conf] [-i seconds] [-o]
#   -c  config file (default ./keycabinet.conf)
#   -i  poll interval in seconds (default 60)
#   -o  run one poll and exit (for testing)

set -euo pipefail

CONF="./keycabinet.conf"
INTERVAL=60
ONCE=0

while getopts "c:i:oh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        o) ONCE=1 ;;
        h|*) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done

# defaults, overridable from the config file
CABINET_URL="http://192.168.20.15:8080"
CABINET_TOKEN="${KEYCABINET_TOKEN:-}"
OVERDUE_HOURS=4
STATE_DIR="./key_cabinet_state"

load_conf() {
    local key value
    while IFS='=' read -r key value; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            CABINET_URL|CABINET_TOKEN|OVERDUE_HOURS|STATE_DIR) printf -v "$key" '%s' "$value" ;;
        esac
    done < "$1"
}

if [[ -f "$CONF" ]]; then
    load_conf "$CONF"
fi

mkdir -p "$STATE_DIR"
LOG="$STATE_DIR/poll.log"
REPORT="$STATE_DIR/checkouts.csv"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing dependency: $1" >&2; exit 1; }
}
need curl
need jq

fetch_slots() {
    curl -fsS --max-time 15 \
         -H "Authorization: Bearer ${CABINET_TOKEN}" \
         "${CABINET_URL}/api/v1/slots"
}

record_checkouts() {
    local json="$1" now
    now=$(date +%s)
    [[ -f "$REPORT" ]] || echo "slot,stock_number,holder,out_since,hours_out" > "$REPORT"
    jq -r --argjson now "$now" '
        .slots[] | select(.state == "out") |
        [.slot, .stock_number, .holder, .out_since,
         (((($now - (.out_since | fromdateiso8601)) / 3600) * 10 | floor) / 10)] | @csv' \
        <<<"$json" >> "$REPORT"
}

flag_overdue() {
    local json="$1"
    jq -r --argjson limit "$OVERDUE_HOURS" '
        .slots[] | select(.state == "out") |
        select(((now - (.out_since | fromdateiso8601)) / 3600) > $limit) |
        "OVERDUE slot \(.slot) stock \(.stock_number) held by \(.holder)"' <<<"$json" |
    while read -r line; do
        log "$line"
        echo "$line"
    done
}

poll_once() {
    local body
    if ! body=$(fetch_slots); then
        log "cabinet unreachable at $CABINET_URL"
        return 1
    fi
    if ! jq -e '.slots' >/dev/null <<<"$body"; then
        log "unexpected response from cabinet"
        return 1
    fi
    record_checkouts "$body"
    flag_overdue "$body"
    log "poll ok: $(jq '[.slots[] | select(.state=="out")] | length' <<<"$body") keys out"
}

trap 'log "poller stopped"; exit 0' INT TERM
log "poller started (interval ${INTERVAL}s, cabinet ${CABINET_URL})"

while :; do
    poll_once || true
    [[ "$ONCE" -eq 1 ]] && break
    sleep "$INTERVAL"
done
