#!/usr/bin/env bash
# Share the race results folder on the clubhouse LAN during prize-giving so
# helms can open their PDFs on their phones. Start/stop/status wrapper around
# Python's built-in web server.
set -u

RESULTS_DIR="${RESULTS_DIR:-./results}"
PORT="${PORT:-8000}"
BIND_PARTS=(0 0 0 0)
STATE_DIR="/tmp"
PID_FILE="$STATE_DIR/club-results-share.pid"
LOG_FILE="$STATE_DIR/club-results-share.log"

say() { echo "[share] $*"; }

bind_addr() { local IFS=.; echo "${BIND_PARTS[*]}"; }

is_running() {
    [ -f "$PID_FILE" ] || return 1
    local pid; pid="$(cat "$PID_FILE" 2>/dev/null)"
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

lan_ips() {
    hostname -I 2>/dev/null | tr ' ' '\n' | grep -E '^[0-9]+\.' || true
}

start() {
    if is_running; then
        say "already sharing (pid $(cat "$PID_FILE"))"
        return 0
    fi
    if [ ! -d "$RESULTS_DIR" ]; then
        say "results folder $RESULTS_DIR does not exist"
        return 1
    fi
    case "$PORT" in ''|*[!0-9]*) say "bad port $PORT"; return 1 ;; esac
    if [ "$PORT" -lt 1024 ]; then
        say "pick a port >= 1024"
        return 1
    fi

    nohup python3 -m http.server "$PORT" --bind "$(bind_addr)" \
        --directory "$RESULTS_DIR" >>"$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
    sleep 1
    if is_running; then
        say "sharing $RESULTS_DIR on port $PORT"
        local ip
        for ip in $(lan_ips); do say "  http://$ip:$PORT/"; done
    else
        say "server failed to start, see $LOG_FILE"
        tail -n 5 "$LOG_FILE" 2>/dev/null
        return 1
    fi
}

stop() {
    if ! is_running; then
        say "not running"
        rm -f "$PID_FILE"
        return 0
    fi
    local pid; pid="$(cat "$PID_FILE")"
    kill "$pid" && say "stopped (pid $pid)"
    rm -f "$PID_FILE"
}

status() {
    if is_running; then
        say "running (pid $(cat "$PID_FILE")) on port $PORT"
        say "last requests:"
        tail -n 5 "$LOG_FILE" 2>/dev/null | sed 's/^/    /'
    else
        say "not running"
    fi
}

case "${1:-status}" in
    start) start ;;
    stop) stop ;;
    restart) stop; start ;;
    status) status ;;
    *) echo "usage: $0 {start|stop|restart|status}" >&2; exit 2 ;;
esac
