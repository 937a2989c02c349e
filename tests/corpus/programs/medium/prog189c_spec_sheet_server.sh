#!/usr/bin/env bash
# Share the telescope spec sheets with the tablets on the showroom floor.
# Staff open http://<this-pc>:8080/ on the tablets during customer demos.
set -euo pipefail

SHEETS_DIR="${SHEETS_DIR:-$PWD/spec_sheets}"
PORT="${SHEETS_PORT:-8080}"
BIND="${SHEETS_BIND:-0.0.0.0}"
PIDFILE="/tmp/spec_sheet_server.pid"
LOGFILE="/tmp/spec_sheet_server.log"
INDEX_TMP="/tmp/spec_sheet_index.html"

msg() { echo "[sheets] $*"; }

build_index() {
    {
        echo "<html><head><title>Spec sheets</title></head><body><h1>Spec sheets</h1><ul>"
        find "$SHEETS_DIR" -maxdepth 1 -type f -name '*.pdf' -printf '%f\n' | sort |
            while read -r f; do
                echo "<li><a href=\"$f\">${f%.pdf}</a></li>"
            done
        echo "</ul></body></html>"
    } > "$INDEX_TMP"
    cp "$INDEX_TMP" "$SHEETS_DIR/index.html"
}

running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start() {
    if running; then
        msg "already serving (pid $(cat "$PIDFILE"))"
        return 0
    fi
    [[ -d "$SHEETS_DIR" ]] || { msg "no sheets dir at $SHEETS_DIR"; exit 1; }
    build_index
    nohup python3 -m http.server "$PORT" --bind "$BIND" \
        --directory "$SHEETS_DIR" >>"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    msg "serving $SHEETS_DIR on $BIND:$PORT"
}

stop() {
    if running; then
        kill "$(cat "$PIDFILE")"
        rm -f "$PIDFILE"
        msg "stopped"
    else
        msg "not running"
    fi
}

status() {
    if running; then
        msg "running, $(find "$SHEETS_DIR" -name '*.pdf' | wc -l) sheets shared"
        tail -n 5 "$LOGFILE" 2>/dev/null || true
    else
        msg "stopped"
    fi
}

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    restart) stop; start ;;
    status) status ;;
    *) echo "usage: $0 {start|stop|restart|status}"; exit 2 ;;
esac
