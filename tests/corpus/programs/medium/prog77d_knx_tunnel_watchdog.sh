#!/usr/bin/env bash
# knx_tunnel_watchdog.sh - keep the knxd tunnel to the building KNX/IP router alive.
#
# Checks that the KNXnet/IP gateway answers on UDP 3671 and that our user-level
# knxd instance is running; restarts knxd after repeated failures and keeps a
# small state file so consecutive runs can count failures.
#
# Config is read from ./knx_watchdog.conf (shell KEY=value), overridable by env.

set -euo pipefail

SCRIPT_NAME=$(basename "$0")
CONF_FILE=${KNX_WD_CONF:-./knx_watchdog.conf}
STATE_FILE=/tmp/knx_watchdog.state
LOG_FILE=${KNX_WD_LOG:-./knx_watchdog.log}

KNX_GATEWAY=192.168.40.10
KNX_PORT=3671
KNXD_PIDFILE=./knxd.pid
KNXD_LISTEN=6720
MAX_FAILURES=3

log() {
    printf '%s %s[%d] %s\n' "$(date '+%F %T')" "$SCRIPT_NAME" "$$" "$*" | tee -a "$LOG_FILE" >&2
}

load_conf() {
    if [[ -r "$CONF_FILE" ]]; then
        # shellcheck disable=SC1090
        source "$CONF_FILE"
        log "loaded $CONF_FILE"
    fi
    KNX_GATEWAY=${KNX_GATEWAY_OVERRIDE:-$KNX_GATEWAY}
}

read_failures() {
    if [[ -f "$STATE_FILE" ]]; then
        awk -F= '/^failures=/{print $2}' "$STATE_FILE"
    else
        echo 0
    fi
}

write_state() {
    local failures=$1 status=$2
    {
        echo "failures=$failures"
        echo "status=$status"
        echo "checked=$(date +%s)"
        echo "gateway=$KNX_GATEWAY"
    } > "$STATE_FILE"
}

gateway_reachable() {
    nc -u -z -w 2 "$KNX_GATEWAY" "$KNX_PORT" >/dev/null 2>&1
}

knxd_running() {
    [[ -f "$KNXD_PIDFILE" ]] && kill -0 "$(cat "$KNXD_PIDFILE")" 2>/dev/null
}

restart_knxd() {
    if knxd_running; then
        log "stopping knxd pid $(cat "$KNXD_PIDFILE")"
        kill "$(cat "$KNXD_PIDFILE")" || true
        sleep 2
    fi
    log "starting knxd tunnel to $KNX_GATEWAY"
    knxd --daemon="$LOG_FILE" --pid-file="$KNXD_PIDFILE" \
         --listen-tcp="$KNXD_LISTEN" -e 0.0.1 -E 0.0.2:8 \
         -b "ipt:$KNX_GATEWAY:$KNX_PORT"
}

check_once() {
    local failures
    failures=$(read_failures)

    if ! gateway_reachable; then
        failures=$((failures + 1))
        log "gateway $KNX_GATEWAY:$KNX_PORT not answering (failure $failures/$MAX_FAILURES)"
        write_state "$failures" "gateway-down"
        return 1
    fi

    if ! knxd_running; then
        failures=$((failures + 1))
        log "knxd not running (failure $failures/$MAX_FAILURES)"
        if (( failures >= MAX_FAILURES )); then
            restart_knxd && failures=0
        fi
        write_state "$failures" "knxd-restarted"
        return 0
    fi

    write_state 0 "ok"
}

usage() {
    echo "usage: $SCRIPT_NAME [--loop SECONDS]" >&2
    exit 2
}

main() {
    local interval=""
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --loop) interval=${2:?}; shift 2 ;;
            -h|--help) usage ;;
            *) usage ;;
        esac
    done

    command -v knxd >/dev/null || { log "knxd not installed"; exit 1; }
    load_conf

    if [[ -z "$interval" ]]; then
        check_once
        exit $?
    fi
    while true; do
        check_once || true
        sleep "$interval"
    done
}

main "$@"
