#!/bin/sh
# quick-lan-drop: temporarily share a folder of the NAS user's files with
# other devices on the home network (TV, tablets) without setting up Samba.
#
#   quick-lan-drop start [DIR] [PORT]
#   quick-lan-drop stop
#   quick-lan-drop status
#
# Runs as the invoking user on an unprivileged port.

PIDFILE=/tmp/quick-lan-drop.pid
LOGFILE=/tmp/quick-lan-drop.log
DEFAULT_DIR="${HOME}/Shared"
DEFAULT_PORT=8088
PYTHON=${PYTHON:-python3}

die() {
    echo "quick-lan-drop: $*" >&2
    exit 1
}

lan_address() {
    # first non-loopback IPv4 address
    hostname -I 2>/dev/null | awk '{print $1}'
}

is_running() {
    [ -f "$PIDFILE" ] || return 1
    pid=$(cat "$PIDFILE")
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

start_share() {
    dir=${1:-$DEFAULT_DIR}
    port=${2:-$DEFAULT_PORT}

    [ -d "$dir" ] || die "directory $dir does not exist"
    case $port in
        ''|*[!0-9]*) die "port must be numeric" ;;
    esac
    [ "$port" -ge 1024 ] || die "use a port above 1023"
    if is_running; then
        die "already running (pid $(cat "$PIDFILE"))"
    fi

    command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found"

    echo "$(date '+%F %T') sharing $dir on port $port" >> "$LOGFILE"
    nohup "$PYTHON" -m http.server "$port" --bind 0.0.0.0 --directory "$dir" \
        >> "$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    sleep 1

    if is_running; then
        addr=$(lan_address)
        echo "Sharing $dir"
        echo "Open http://${addr:-this-host}:$port/ on the other device"
        if command -v qrencode >/dev/null 2>&1; then
            qrencode -t ansiutf8 "http://${addr}:$port/"
        fi
    else
        rm -f "$PIDFILE"
        die "server failed to start, see $LOGFILE"
    fi
}

stop_share() {
    if is_running; then
        pid=$(cat "$PIDFILE")
        kill "$pid" && echo "stopped (pid $pid)"
        echo "$(date '+%F %T') stopped pid $pid" >> "$LOGFILE"
    else
        echo "not running"
    fi
    rm -f "$PIDFILE"
}

show_status() {
    if is_running; then
        echo "running, pid $(cat "$PIDFILE")"
        tail -n 5 "$LOGFILE"
    else
        echo "not running"
    fi
}

cmd=${1:-status}
[ $# -gt 0 ] && shift
case $cmd in
    start)  start_share "$@" ;;
    stop)   stop_share ;;
    status) show_status ;;
    restart)
        stop_share
        start_share "$@"
        ;;
    *) die "usage: $0 start [DIR] [PORT] | stop | status | restart" ;;
esac
