#!/usr/bin/env bash
# order_clipboard_relay.sh -- mirrors whatever the counter PC copies to the
# relay service so the mechanics' tablet can pick up part numbers without
# retyping them.  Runs in the background for the whole shift.
set -uo pipefail

RELAY="${RELAY:-http://198.51.100.61:8080/clip}"
POLL=2
FOREGROUND=0
STATE_DIR="$PWD/.clip_relay"
LOG="$STATE_DIR/relay.log"

while getopts ":r:p:f" opt; do
    case "$opt" in
        r) RELAY="$OPTARG" ;;
        p) POLL="$OPTARG" ;;
        f) FOREGROUND=1 ;;
        *) echo "usage: $0 [-r relay_url] [-p poll_seconds] [-f]" >&2; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
log() { echo "$(date '+%T') $*" >> "$LOG"; }

read_clipboard() {
    if [[ -n "${WAYLAND_DISPLAY:-}" ]] && command -v wl-paste >/dev/null; then
        wl-paste --no-newline 2>/dev/null
    elif command -v xclip >/dev/null; then
        xclip -selection clipboard -o 2>/dev/null
    elif command -v xsel >/dev/null; then
        xsel --clipboard --output 2>/dev/null
    else
        return 1
    fi
}

# The clip travels to the uploader in an environment variable.
send_clip() {
    CLIP="$1" RELAY="$RELAY" STATION="$(hostname -s)" python3 -c '
import json, os, sys, time, urllib.request
body = json.dumps({
    "station": os.environ["STATION"],
    "user": os.environ.get("USER", ""),
    "ts": int(time.time()),
    "text": os.environ["CLIP"],
}).encode()
req = urllib.request.Request(os.environ["RELAY"], data=body,
                             headers={"Content-Type": "application/json"})
try:
    urllib.request.urlopen(req, timeout=10).read()
except Exception as exc:
    sys.stderr.write(f"relay error: {exc}\n")
    sys.exit(1)
'
}

relay_loop() {
    local last="" current digest
    while true; do
        if current="$(read_clipboard)" && [[ -n "$current" ]]; then
            digest="$(printf '%s' "$current" | sha1sum | cut -d' ' -f1)"
            if [[ "$digest" != "$last" ]]; then
                if send_clip "$current" 2>>"$LOG"; then
                    log "sent clip (${#current} chars)"
                    last="$digest"
                fi
            fi
        fi
        sleep "$POLL"
    done
}

if ! read_clipboard >/dev/null 2>&1 && [[ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
    echo "no clipboard tool or display available" >&2
    exit 1
fi

if [[ $FOREGROUND -eq 1 ]]; then
    relay_loop
else
    nohup bash -c "$(declare -f log read_clipboard send_clip relay_loop); \
        RELAY='$RELAY' POLL='$POLL' LOG='$LOG' relay_loop" >/dev/null 2>&1 &
    echo $! > "$STATE_DIR/pid"
    log "relay started in background (pid $!)"
fi
