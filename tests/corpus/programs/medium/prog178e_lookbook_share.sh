#!/usr/bin/env bash
# Share this season's lookbook photos with the shop floor tablets.
# Serves the lookbook folder over plain HTTP on the shop LAN.
set -euo pipefail

LOOKBOOK_DIR="${LOOKBOOK_DIR:-$PWD/lookbook}"
PORT="${LOOKBOOK_PORT:-8080}"
PIDFILE="/tmp/lookbook_share.pid"
LOGFILE="/tmp/lookbook_share.log"

usage() {
    cat <<EOF
Usage: ${0##*/} start|stop|status
  LOOKBOOK_DIR  folder to share (default: $LOOKBOOK_DIR)
  LOOKBOOK_PORT port (default: $PORT)
EOF
}

server_cmd() {
    local py
    py=$(command -v python3)
    local mod=(http server)
    local IFS=.
    echo "$py -m ${mod[*]} $PORT --bind 0.0.0.0 --directory $LOOKBOOK_DIR"
}

is_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

do_start() {
    if is_running; then
        echo "already serving (pid $(cat "$PIDFILE"))"
        return 0
    fi
    [[ -d "$LOOKBOOK_DIR" ]] || { echo "no lookbook at $LOOKBOOK_DIR" >&2; exit 1; }
    local -a cmd
    read -r -a cmd <<<"$(server_cmd)"
    nohup "${cmd[@]}" >"$LOGFILE" 2>&1 &
    echo $! >"$PIDFILE"
    local ip
    ip=$(hostname -I 2>/dev/null | awk '{print $1}')
    echo "lookbook at http://${ip:-localhost}:$PORT/ ($(find "$LOOKBOOK_DIR" -type f | wc -l) files)"
}

do_stop() {
    if is_running; then
        kill "$(cat "$PIDFILE")"
        rm -f "$PIDFILE"
        echo "stopped"
    else
        echo "not running"
    fi
}

do_status() {
    if is_running; then
        echo "serving $LOOKBOOK_DIR on port $PORT (pid $(cat "$PIDFILE"))"
        tail -n 5 "$LOGFILE" 2>/dev/null || true
    else
        echo "not running"
    fi
}

declare -A ACTIONS=([start]=do_start [stop]=do_stop [status]=do_status)

action="${1:-}"
if [[ -z "$action" || -z "${ACTIONS[$action]:-}" ]]; then
    usage
    exit 2
fi
"${ACTIONS[$action]}"
