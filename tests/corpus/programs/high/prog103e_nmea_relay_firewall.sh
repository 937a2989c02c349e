#!/usr/bin/env bash
# nmea_relay_firewall.sh - relay committee-boat instruments to the clubhouse
#
# On race days the committee boat broadcasts its wind instruments as NMEA
# 0183 over UDP (port 10110) on the harbour wifi.  This script, run on the
# clubhouse server, lets that traffic in from the boat's subnet only, relays
# it to the race-display PC and keeps a raw log for the protest committee.
#
# usage: nmea_relay_firewall.sh start|stop|status

set -euo pipefail

BOAT_NET="${BOAT_NET:-192.168.50.0/24}"
NMEA_PORT="${NMEA_PORT:-10110}"
DISPLAY_HOST="${DISPLAY_HOST:-race-display.lan}"
LOG_DIR="${LOG_DIR:-./nmea-logs}"
PID_FILE="./.nmea_relay.pid"
RULE=(INPUT -p udp -s "$BOAT_NET" --dport "$NMEA_PORT" -m comment --comment nmea-relay -j ACCEPT)

msg() { echo "nmea-relay: $*" >&2; }

need() {
    local c
    for c in "$@"; do
        command -v "$c" >/dev/null || { msg "missing $c"; exit 2; }
    done
}

rule_present() {
    sudo iptables -C "${RULE[@]}" 2>/dev/null
}

open_port() {
    if rule_present; then
        msg "firewall rule already in place"
    else
        sudo iptables -I "${RULE[@]}"
        msg "allowed UDP/${NMEA_PORT} from ${BOAT_NET}"
    fi
    # larger receive buffers - the boat sends bursts when it reconnects
    sudo sysctl -q -w net.core.rmem_max=4194304 net.core.rmem_default=1048576
}

close_port() {
    while rule_present; do
        sudo iptables -D "${RULE[@]}"
    done
    msg "firewall rule removed"
}

start_relay() {
    mkdir -p "$LOG_DIR"
    local logfile="$LOG_DIR/nmea-$(date +%F).log"
    if [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        msg "relay already running (pid $(cat "$PID_FILE"))"
        return 0
    fi
    # tee keeps the raw sentences for the protest room
    ( socat -u "UDP4-RECV:${NMEA_PORT},reuseaddr" STDOUT \
        | tee -a "$logfile" \
        | socat -u STDIN "UDP4-SENDTO:${DISPLAY_HOST}:${NMEA_PORT}" ) &
    echo $! > "$PID_FILE"
    msg "relaying to ${DISPLAY_HOST}:${NMEA_PORT}, logging to ${logfile}"
}

stop_relay() {
    if [ -f "$PID_FILE" ]; then
        local pid
        pid=$(cat "$PID_FILE")
        pkill -P "$pid" 2>/dev/null || true
        kill "$pid" 2>/dev/null || true
        rm -f "$PID_FILE"
        msg "relay stopped"
    else
        msg "relay not running"
    fi
}

status() {
    if rule_present; then msg "firewall: open for ${BOAT_NET}"; else msg "firewall: closed"; fi
    if [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        msg "relay: running (pid $(cat "$PID_FILE"))"
    else
        msg "relay: stopped"
    fi
}

need socat iptables sysctl
case "${1:-}" in
    start) open_port; start_relay ;;
    stop) stop_relay; close_port ;;
    status) status ;;
    *) sed -n '2,9s/^# \{0,1\}//p' "$0"; exit 1 ;;
esac
