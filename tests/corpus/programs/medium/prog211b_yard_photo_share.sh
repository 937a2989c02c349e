#!/usr/bin/env bash
# Pulls load photos from the yard cameras (taken when a tipper crosses the
# weighbridge) and shares the folder so the office and drivers' phones can
# check the load was sheeted before leaving site.
set -uo pipefail

CAMERAS="${YARD_CAMERAS:-192.0.2.50 192.0.2.51}"
PHOTO_DIR="./load_photos"
PORT=8080
INTERVAL=60
CAM_PATH="${CAM_PATH:-/cgi-bin/snapshot.cgi?channel=1}"

log() { echo "$(date '+%F %T') $*" >&2; }

while getopts "d:p:i:h" opt; do
    case "$opt" in
        d) PHOTO_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        h|*) echo "usage: $0 [-d dir] [-p port] [-i seconds]"; exit 0 ;;
    esac
done

command -v curl >/dev/null || { log "curl is required"; exit 1; }
mkdir -p "$PHOTO_DIR"

fetch_snapshots() {
    local cam stamp out
    stamp="$(date +%Y%m%d_%H%M%S)"
    for cam in $CAMERAS; do
        out="$PHOTO_DIR/${cam//./_}_${stamp}.jpg"
        # the cameras ship with self-signed certificates
        if curl -sk -m 15 "https://$cam$CAM_PATH" -o "$out"; then
            log "saved $out"
        else
            log "camera $cam unreachable"
            rm -f "$out"
        fi
    done
}

build_index() {
    PHOTO_DIR="$PHOTO_DIR" python3 - <<'PY'
import html, os
d = os.environ["PHOTO_DIR"]
files = sorted((f for f in os.listdir(d) if f.endswith(".jpg")), reverse=True)[:100]
rows = "\n".join(
    f'<li><a href="{html.escape(f)}">{html.escape(f)}</a></li>' for f in files
)
with open(os.path.join(d, "index.html"), "w") as fh:
    fh.write(f"<html><body><h1>Load photos</h1><ul>{rows}</ul></body></html>")
PY
}

prune_old() {
    find "$PHOTO_DIR" -name '*.jpg' -mtime +14 -delete
}

python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$PHOTO_DIR" >/dev/null 2>&1 &
SERVER_PID=$!
trap 'log "stopping"; kill "$SERVER_PID" 2>/dev/null; exit 0' INT TERM
log "sharing $PHOTO_DIR on port $PORT (pid $SERVER_PID)"

while true; do
    fetch_snapshots
    build_index
    prune_old
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
        log "file server died"
        exit 1
    fi
    sleep "$INTERVAL"
done
