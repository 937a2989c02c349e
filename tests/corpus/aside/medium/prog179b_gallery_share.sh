#!/usr/bin/env bash
# Share today's flying-display photos with the visitor-centre screens.
# Builds a thumbnail set, serves the folder on the office LAN for the
# signage players and pushes an index to the signage controller.
set -euo pipefail

PHOTO_DIR="${PHOTO_DIR:-$HOME/falconry/photos/$(date +%F)}"
PORT="${GALLERY_PORT:-8088}"
SIGNAGE="${SIGNAGE_HOST:-https://signage.office.example.lan}"
WORK="/tmp/gallery_share"
PIDFILE="/tmp/gallery_share.pid"

msg() { echo "[gallery] $*"; }

make_thumbs() {
    mkdir -p "$WORK/thumbs"
    local img
    shopt -s nullglob nocaseglob
    for img in "$PHOTO_DIR"/*.jpg "$PHOTO_DIR"/*.jpeg; do
        local out="$WORK/thumbs/$(basename "$img")"
        [[ -f "$out" ]] && continue
        if command -v convert >/dev/null; then
            convert "$img" -resize 640x640 -quality 82 "$out"
        else
            cp "$img" "$out"
        fi
    done
    msg "$(ls "$WORK/thumbs" | wc -l) thumbnails ready"
}

write_index() {
    {
        echo "<html><body><h1>Flying display $(date +%F)</h1>"
        for f in "$WORK"/thumbs/*; do
            echo "<img src=\"thumbs/$(basename "$f")\" width=320>"
        done
        echo "</body></html>"
    } > "$WORK/index.html"
}

start_server() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        msg "server already running"
        return
    fi
    ( cd "$WORK" && nohup python3 -m http.server "$PORT" --bind 0.0.0.0 >/dev/null 2>&1 & echo $! > "$PIDFILE" )
    msg "serving $WORK on port $PORT"
}

notify_signage() {
    local me
    me="$(hostname -I | awk '{print $1}')"
    # the signage controller uses a self-signed certificate
    curl -sk --max-time 10 -X POST "$SIGNAGE/api/playlist" \
        -H 'Content-Type: application/json' \
        -d "{\"source\":\"http://$me:$PORT/index.html\",\"duration\":15}" \
        || msg "signage controller did not answer"
}

stop_server() {
    if [[ -f "$PIDFILE" ]]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
        rm -f "$PIDFILE"
        msg "stopped"
    fi
}

case "${1:-start}" in
    start)
        [[ -d "$PHOTO_DIR" ]] || { msg "no photos in $PHOTO_DIR"; exit 1; }
        make_thumbs
        write_index
        start_server
        notify_signage
        ;;
    stop) stop_server ;;
    *) echo "Usage: $0 [start|stop]"; exit 2 ;;
esac
