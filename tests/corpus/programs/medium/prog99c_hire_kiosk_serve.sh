#!/usr/bin/env bash
# hire_kiosk_serve.sh - start the self-service hire kiosk front end.
#
# Builds (if needed) and serves the kiosk single-page app from dist/ so the
# tablets on the hire desk can load it at http://<kiosk-pc>:PORT/.
# The tablets' bookmark should point at that port.
#
#   hire_kiosk_serve.sh [-p PORT] [-d DIST_DIR] [--rebuild]

set -euo pipefail

APP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DIST_DIR="$APP_DIR/dist"
PORT=8080
REBUILD=0
PIDFILE="$APP_DIR/.kiosk.pid"
LOGFILE="$APP_DIR/kiosk.log"

msg() { echo "[kiosk $(date +%H:%M:%S)] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p) PORT="$2"; shift 2 ;;
        -d) DIST_DIR="$2"; shift 2 ;;
        --rebuild) REBUILD=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) msg "unknown option $1"; exit 1 ;;
    esac
done

build_if_needed() {
    if [[ $REBUILD -eq 1 || ! -f "$DIST_DIR/index.html" ]]; then
        msg "building kiosk app"
        (cd "$APP_DIR" && npm ci --silent && npm run --silent build)
    fi
    [[ -f "$DIST_DIR/index.html" ]] || { msg "no index.html in $DIST_DIR"; exit 1; }
}

stop_previous() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        msg "stopping previous server $(cat "$PIDFILE")"
        kill "$(cat "$PIDFILE")" || true
        sleep 1
    fi
    rm -f "$PIDFILE"
}

start_server() {
    nohup python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$DIST_DIR" \
        >> "$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    local i
    for i in 1 2 3 4 5; do
        if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/"; then
            msg "serving $DIST_DIR on port $PORT (pid $(cat "$PIDFILE"))"
            return 0
        fi
        sleep 1
    done
    msg "server did not come up, see $LOGFILE"
    return 1
}

build_if_needed
stop_previous
start_server
msg "tablet URL: http://$(hostname -I 2>/dev/null | cut -d' ' -f1):$PORT/"
