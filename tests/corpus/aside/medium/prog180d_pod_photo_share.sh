#!/usr/bin/env bash
# Share today's proof-of-delivery photos with the depot tablets over the LAN.
# Collects the photos riders uploaded, builds a simple index, and serves the
# folder with Python's built-in web server until Ctrl-C.
set -euo pipefail

POD_SOURCE="${POD_SOURCE:-$HOME/courier/pod-uploads}"
SHARE_DIR="/tmp/pod-share"
PORT="${POD_SHARE_PORT:-8000}"
DAY="${1:-$(date +%F)}"

log() { echo "[pod-share] $*"; }

if [[ ! -d "$POD_SOURCE/$DAY" ]]; then
    log "no uploads for $DAY in $POD_SOURCE"
    exit 1
fi

rm -rf "$SHARE_DIR"
mkdir -p "$SHARE_DIR/photos"

count=0
for photo in "$POD_SOURCE/$DAY"/*.jpg "$POD_SOURCE/$DAY"/*.jpeg; do
    [[ -e "$photo" ]] || continue
    cp "$photo" "$SHARE_DIR/photos/"
    count=$((count + 1))
done
log "copied $count photos for $DAY"

{
    echo "<html><head><title>POD $DAY</title></head><body>"
    echo "<h1>Proof of delivery - $DAY</h1><ul>"
    for p in "$SHARE_DIR"/photos/*; do
        [[ -e "$p" ]] || continue
        name="$(basename "$p")"
        echo "<li><a href=\"photos/$name\">$name</a></li>"
    done
    echo "</ul></body></html>"
} > "$SHARE_DIR/index.html"

ip_addr="$(hostname -I 2>/dev/null | awk '{print $1}')"
log "serving on http://${ip_addr:-0.0.0.0}:$PORT/ (Ctrl-C to stop)"
cd "$SHARE_DIR"
python3 -m http.server "$PORT" --bind 0.0.0.0
