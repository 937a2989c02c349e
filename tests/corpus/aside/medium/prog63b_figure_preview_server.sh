#!/usr/bin/env bash
# figure_preview: build an index page for the plots of the latest runs and serve
# the results folder so labmates can look at them from their own machines.
#
#   ./figure_preview.sh start [results_dir] [port]
#   ./figure_preview.sh stop
#   ./figure_preview.sh status
set -euo pipefail

PIDFILE=/tmp/figure_preview.pid
LOGFILE=/tmp/figure_preview.log
RESULTS_DIR="${2:-./results}"
PORT="${3:-${FIGPREVIEW_PORT:-8765}}"
PYTHON_BIN="${PYTHON_BIN:-python3}"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

build_index() {
    local dir="$1" index="$1/index.html" count=0
    {
        echo "<!doctype html><html><head><meta charset=utf-8><title>Run figures</title>"
        echo "<style>img{max-width:420px;margin:6px;border:1px solid #ccc}</style></head><body>"
        echo "<h1>Figures in $(basename "$(realpath "$dir")")</h1>"
        while IFS= read -r -d '' img; do
            rel="${img#"$dir"/}"
            echo "<figure><img src=\"$rel\" loading=lazy><figcaption>$rel</figcaption></figure>"
            count=$((count + 1))
        done < <(find "$dir" -type f \( -name '*.png' -o -name '*.svg' -o -name '*.jpg' \) -print0 | sort -z)
        echo "</body></html>"
    } > "$index"
    log "index.html lists $count figures"
}

is_running() {
    [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start() {
    if is_running; then
        log "already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    [[ -d "$RESULTS_DIR" ]] || { log "no such directory: $RESULTS_DIR"; exit 1; }
    build_index "$RESULTS_DIR"
    nohup "$PYTHON_BIN" -m http.server "$PORT" --bind 0.0.0.0 --directory "$RESULTS_DIR" \
        >>"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    sleep 1
    if is_running; then
        log "serving $RESULTS_DIR on http://$(hostname -f):$PORT/ (pid $(cat "$PIDFILE"))"
    else
        log "server failed to start, see $LOGFILE"
        exit 1
    fi
}

stop() {
    if is_running; then
        kill "$(cat "$PIDFILE")"
        log "stopped"
    else
        log "not running"
    fi
    rm -f "$PIDFILE"
}

case "${1:-status}" in
    start)  start ;;
    stop)   stop ;;
    status) if is_running; then log "running, pid $(cat "$PIDFILE")"; else log "stopped"; fi ;;
    *)      echo "usage: $0 {start|stop|status} [results_dir] [port]" >&2; exit 2 ;;
esac
