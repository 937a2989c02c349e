#!/bin/bash
# Build the MkDocs site and serve it so teammates on the LAN can review it.
#   ./docs_preview_server.sh start [port]
#   ./docs_preview_server.sh stop
#   ./docs_preview_server.sh status
set -uo pipefail

SITE_DIR="./site"
PID_FILE="/tmp/docs-preview.pid"
LOG_FILE="/tmp/docs-preview.log"
PORT="${2:-8000}"

build_site() {
    if ! command -v mkdocs >/dev/null; then
        echo "mkdocs not found; run: pip install -r docs/requirements.txt" >&2
        return 1
    fi
    echo "building docs into $SITE_DIR"
    mkdocs build --clean --site-dir "$SITE_DIR" 2>&1 | grep -Ev '^INFO' || true
    [[ -f "$SITE_DIR/index.html" ]]
}

is_running() {
    [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

start() {
    if is_running; then
        echo "preview already running (pid $(cat "$PID_FILE"))"
        return 0
    fi
    build_site || { echo "build failed" >&2; exit 1; }

    # bind on all interfaces so reviewers can open http://<my-ip>:PORT
    nohup python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE_DIR" \
        >"$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
    sleep 1

    if is_running; then
        local ip
        ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
        echo "serving $SITE_DIR on http://${ip:-localhost}:$PORT (pid $(cat "$PID_FILE"))"
    else
        echo "server failed to start; see $LOG_FILE" >&2
        tail -5 "$LOG_FILE" >&2
        exit 1
    fi
}

stop() {
    if is_running; then
        kill "$(cat "$PID_FILE")"
        echo "stopped"
    else
        echo "not running"
    fi
    rm -f "$PID_FILE"
}

status() {
    if is_running; then
        echo "running (pid $(cat "$PID_FILE")), last requests:"
        grep -E '"GET ' "$LOG_FILE" | tail -5
    else
        echo "not running"
    fi
}

case "${1:-start}" in
    start)   start ;;
    stop)    stop ;;
    restart) stop; start ;;
    status)  status ;;
    *) echo "usage: $0 {start|stop|restart|status} [port]" >&2; exit 2 ;;
esac
