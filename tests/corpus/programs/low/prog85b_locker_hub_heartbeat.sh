#!/usr/bin/env bash
# locker_hub_heartbeat.sh - keeps a parcel-locker controller registered with the hub.
#
# Every HEARTBEAT_INTERVAL seconds the bay table written by the door
# controller (state/bays.json) is posted to the locker hub together with a
# few health figures. The hub's reply may carry a list of bays to flag as
# out of service; those are written to state/blocked_bays for the controller.
#
# Config: ./locker.conf (KEY=value lines), overridable from the environment.
#
#   LOCKER_ID=PL-LDN-0412
#   LOCKER_HUB_URL=https://hub.lockers.example.net/api/v1

set -u
set -o pipefail

SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"
CONF="${LOCKER_CONF:-$SCRIPT_DIR/locker.conf}"
STATE_DIR="${STATE_DIR:-$SCRIPT_DIR/state}"
LOG_FILE="${LOG_FILE:-$SCRIPT_DIR/hub_heartbeat.log}"

HEARTBEAT_INTERVAL=60
ONESHOT=0

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" >>"$LOG_FILE"
}

usage() {
    echo "usage: $0 [--once] [--interval SECONDS]" >&2
    exit 64
}

load_conf() {
    if [[ -f "$CONF" ]]; then
        local key val
        while IFS='=' read -r key val; do
            [[ -z "$key" || "$key" == \#* ]] && continue
            val="${val%\"}"; val="${val#\"}"
            case "$key" in
                LOCKER_ID|LOCKER_HUB_URL)
                    [[ -z "${!key:-}" ]] && printf -v "$key" '%s' "$val" ;;
                *) log WARN "ignoring unknown key $key" ;;
            esac
        done <"$CONF"
    else
        log WARN "no config at $CONF, relying on environment"
    fi
    : "${LOCKER_ID:?LOCKER_ID must be set}"
    : "${LOCKER_HUB_URL:?LOCKER_HUB_URL must be set}"
    : "${LOCKER_HUB_KEY:?LOCKER_HUB_KEY must be set}"
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

apply_reply() {
    local reply="$STATE_DIR/last_reply.json"
    [[ -s "$reply" ]] || return 0
    if jq -e '.blocked_bays | type == "array"' "$reply" >/dev/null 2>&1; then
        jq -r '.blocked_bays[]' "$reply" >"$STATE_DIR/blocked_bays.new" \
            && mv "$STATE_DIR/blocked_bays.new" "$STATE_DIR/blocked_bays"
        log INFO "blocked bays: $(paste -sd, "$STATE_DIR/blocked_bays")"
    fi
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
    apply_reply
    log INFO "heartbeat ok"
}

main() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --once) ONESHOT=1 ;;
            --interval) shift; HEARTBEAT_INTERVAL="${1:-60}" ;;
            -h|--help) usage ;;
            *) usage ;;
        esac
        shift
    done

    mkdir -p "$STATE_DIR"
    load_conf
    trap 'log INFO "heartbeat stopped"; exit 0' INT TERM

    local failures=0
    while :; do
        if send_heartbeat; then
            failures=0
        else
            failures=$((failures + 1))
            (( failures >= 5 )) && log ERROR "hub unreachable for $failures intervals"
        fi
        [[ "$ONESHOT" == 1 ]] && break
        sleep "$HEARTBEAT_INTERVAL"
    done
}

main "$@"
