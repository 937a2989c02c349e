#!/usr/bin/env bash
# Share tonight's throw-replay clips with the lobby TV and guests' phones.
# Builds a simple index page, starts a file server on the replay folder
# and tells the lobby TV where to find it.
set -euo pipefail

REPLAY_DIR="${REPLAY_DIR:-./replays}"
PORT="${PORT:-8000}"
BIND_ADDR="${BIND_ADDR:-0.0.0.0}"
LOBBY_TV="${LOBBY_TV:-https://192.0.2.60:8443}"
PID_FILE="./.clipshare.pid"

log() { printf '%s %s\n' "$(date '+%T')" "$*"; }

usage() {
    echo "Usage: $0 start|stop|status"
}

build_index() {
    local idx="$REPLAY_DIR/index.html"
    {
        echo "<html><head><title>Tonight's throws</title></head><body><h1>Replays</h1><ul>"
        find "$REPLAY_DIR" -maxdepth 1 -type f \( -name '*.mp4' -o -name '*.mov' \) -printf '%f\n' \
            | sort | while read -r clip; do
                echo "<li><a href=\"$clip\">$clip</a></li>"
            done
        echo "</ul></body></html>"
    } > "$idx"
    log "index written with $(grep -c '<li>' "$idx" || true) clips"
}

notify_lobby() {
    local host
    host="$(hostname -I 2>/dev/null | awk '{print $1}')"
    # the lobby TV uses a self-signed certificate
    if curl -sk --max-time 5 -X POST "$LOBBY_TV/api/open" \
        -H 'Content-Type: application/json' \
        -d "{\"url\": \"http://${host}:${PORT}/index.html\"}" >/dev/null; then
        log "lobby TV notified"
    else
        log "lobby TV did not answer"
    fi
}

start() {
    if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        log "already running"
        return 0
    fi
    [[ -d "$REPLAY_DIR" ]] || { log "no replay folder at $REPLAY_DIR"; exit 1; }
    build_index
    python3 -m http.server "$PORT" --bind "$BIND_ADDR" --directory "$REPLAY_DIR" \
        >./clipshare.log 2>&1 &
    echo $! > "$PID_FILE"
    log "sharing $REPLAY_DIR on $BIND_ADDR:$PORT"
    notify_lobby
}

stop() {
    if [[ -f "$PID_FILE" ]]; then
        kill "$(cat "$PID_FILE")" 2>/dev/null || true
        rm -f "$PID_FILE"
        log "stopped"
    else
        log "not running"
    fi
}

status() {
    if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        log "running (pid $(cat "$PID_FILE"))"
    else
        log "stopped"
    fi
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) usage; exit 2 ;;
esac
