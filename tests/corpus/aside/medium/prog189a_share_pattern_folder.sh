#!/usr/bin/env bash
# share_pattern_folder.sh -- share this laptop's pattern folder with other
# members at a guild sew-in so they can grab PDFs from their tablets.
# Usage: share_pattern_folder.sh start|stop|status [folder]
set -u

SHARE_DIR="${2:-${SHARE_DIR:-$HOME/QuiltPatterns}}"
SHARE_PORT="${SHARE_PORT:-8000}"
LISTEN_ADDR="${LISTEN_ADDR:-0.0.0.0}"
STATE_DIR="/tmp/guild-share"
PID_FILE="$STATE_DIR/share.pid"
LOG_FILE="$STATE_DIR/share.log"

msg() { echo "[share] $*"; }

local_ip() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

is_running() {
    [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

start_share() {
    if is_running; then
        msg "already sharing (pid $(cat "$PID_FILE"))"
        return 0
    fi
    [ -d "$SHARE_DIR" ] || { msg "no folder $SHARE_DIR"; return 1; }
    mkdir -p "$STATE_DIR"
    ( cd "$SHARE_DIR" && exec python3 -m http.server "$SHARE_PORT" --bind "$LISTEN_ADDR" ) \
        >> "$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
    sleep 1
    if is_running; then
        msg "sharing $SHARE_DIR"
        msg "tell members to open http://$(local_ip):$SHARE_PORT/"
    else
        msg "server did not start; see $LOG_FILE"
        return 1
    fi
}

stop_share() {
    if is_running; then
        kill "$(cat "$PID_FILE")" && msg "stopped"
    else
        msg "not running"
    fi
    rm -f "$PID_FILE"
}

status_share() {
    if is_running; then
        msg "sharing $SHARE_DIR on port $SHARE_PORT (pid $(cat "$PID_FILE"))"
        tail -n 5 "$LOG_FILE" 2>/dev/null
    else
        msg "not sharing"
    fi
}

case "${1:-status}" in
    start)  start_share ;;
    stop)   stop_share ;;
    status) status_share ;;
    *) echo "usage: $0 start|stop|status [folder]" >&2; exit 2 ;;
esac
