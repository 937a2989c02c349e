#!/usr/bin/env bash
# Session notes relay.
# Engineers copy take numbers, lyric edits and plugin settings around while
# tracking; this relays whatever lands on the clipboard to the studio's
# notes channel so the producer sees it in the control room chat.
set -uo pipefail

WEBHOOK="${NOTES_WEBHOOK:-https://hooks.example.com/services/T0STUDIO/B0NOTES/relay}"
POLL="${POLL:-3}"
MAX_LEN="${MAX_LEN:-4000}"
STATE_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/notes-relay"
FOREGROUND=0

while [[ $# -gt 0 ]]; do
    case "$1" in
        -f|--foreground) FOREGROUND=1; shift ;;
        -p|--poll) POLL="$2"; shift 2 ;;
        -w|--webhook) WEBHOOK="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [-f] [-p seconds] [-w url]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
LOG="$STATE_DIR/relay.log"
log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

read_clipboard() {
    if [[ -n "${WAYLAND_DISPLAY:-}" ]] && command -v wl-paste >/dev/null; then
        wl-paste --no-newline 2>/dev/null
    elif command -v xclip >/dev/null; then
        xclip -o -selection clipboard 2>/dev/null
    elif command -v xsel >/dev/null; then
        xsel --clipboard --output 2>/dev/null
    else
        return 1
    fi
}

send() {
    # content and metadata go to python through the environment
    CLIP_TEXT="$1" CLIP_HOST="$(hostname -s)" CLIP_USER="$(id -un)" \
    CLIP_URL="$WEBHOOK" CLIP_MAX="$MAX_LEN" python3 - <<'PY'
import json, os, sys, urllib.request
text = os.environ["CLIP_TEXT"][: int(os.environ["CLIP_MAX"])]
msg = {
    "text": f"[{os.environ['CLIP_HOST']}/{os.environ['CLIP_USER']}] clipboard",
    "attachments": [{"text": text}],
}
req = urllib.request.Request(os.environ["CLIP_URL"], data=json.dumps(msg).encode(),
                             headers={"Content-Type": "application/json"})
try:
    urllib.request.urlopen(req, timeout=10).read()
except Exception as exc:
    print(f"send failed: {exc}", file=sys.stderr)
    sys.exit(1)
PY
}

relay_loop() {
    local last="" cur hash
    if ! read_clipboard >/dev/null; then
        log "no clipboard tool available"
        return 1
    fi
    log "relay started, poll=${POLL}s"
    while true; do
        cur=$(read_clipboard || true)
        if [[ -n "$cur" ]]; then
            hash=$(printf '%s' "$cur" | sha256sum | cut -c1-16)
            if [[ "$hash" != "$last" ]]; then
                if send "$cur" 2>>"$LOG"; then
                    log "relayed ${#cur} chars ($hash)"
                fi
                last="$hash"
            fi
        fi
        sleep "$POLL"
    done
}

if [[ $FOREGROUND -eq 1 ]]; then
    relay_loop
else
    nohup bash -c "$(declare -f log read_clipboard send relay_loop); \
        WEBHOOK='$WEBHOOK' POLL='$POLL' MAX_LEN='$MAX_LEN' LOG='$LOG' relay_loop" \
        >/dev/null 2>&1 &
    echo "relay running in background (pid $!)"
fi
