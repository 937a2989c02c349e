#!/bin/sh
# charger_log_share.sh - publish charger diagnostics for the field tech.
#
# Collects the OCPP message logs and meter exports that the site controller
# keeps under ./charger_logs, builds a small index page, and serves the
# folder on the site LAN so the visiting technician can pull them from a
# tablet without a USB stick.
#
#   ./charger_log_share.sh start [PORT]
#   ./charger_log_share.sh stop
#   ./charger_log_share.sh status

set -eu

LOG_SRC=${CHARGER_LOG_DIR:-./charger_logs}
SHARE_DIR=./share
PORT=${2:-8088}
PIDFILE=/tmp/charger_log_share.pid
OUTLOG=/tmp/charger_log_share.out

msg() { echo "charger-log-share: $*"; }

build_share() {
    [ -d "$LOG_SRC" ] || { msg "no logs in $LOG_SRC"; exit 1; }
    rm -rf "$SHARE_DIR"
    mkdir -p "$SHARE_DIR"
    # newest 7 days of OCPP traffic and all meter exports
    find "$LOG_SRC" -type f \( -name 'ocpp-*.jsonl' -mtime -7 -o -name 'meter-*.csv' \) \
        -exec cp -p {} "$SHARE_DIR"/ \;
    {
        echo "<html><head><title>Charger logs $(hostname)</title></head><body>"
        echo "<h1>Charger logs - $(hostname) - $(date '+%Y-%m-%d %H:%M')</h1><ul>"
        for f in "$SHARE_DIR"/*; do
            [ -e "$f" ] || continue
            n=$(basename "$f")
            [ "$n" = index.html ] && continue
            sz=$(du -h "$f" | cut -f1)
            echo "<li><a href=\"$n\">$n</a> ($sz)</li>"
        done
        echo "</ul></body></html>"
    } > "$SHARE_DIR/index.html"
    msg "prepared $(ls "$SHARE_DIR" | wc -l) files"
}

lan_address() {
    ip -4 -o addr show scope global 2>/dev/null | awk '{split($4,a,"/"); print a[1]; exit}'
}

start() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        msg "already running (pid $(cat "$PIDFILE"))"
        exit 0
    fi
    build_share
    nohup python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE_DIR" \
        > "$OUTLOG" 2>&1 &
    echo $! > "$PIDFILE"
    sleep 1
    msg "serving on http://$(lan_address):$PORT/"
}

stop() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
        rm -f "$PIDFILE"
        msg "stopped"
    else
        msg "not running"
    fi
}

status() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        msg "running (pid $(cat "$PIDFILE")), last requests:"
        tail -n 5 "$OUTLOG" 2>/dev/null || true
    else
        msg "not running"
    fi
}

case "${1:-start}" in
    start)  start ;;
    stop)   stop ;;
    status) status ;;
    *)      echo "usage: $0 start [PORT] | stop | status" >&2; exit 64 ;;
esac
