#!/usr/bin/env bash
# portfolio_preview_server.sh - let artists preview the new portfolio pages.
#
# Builds the static portfolio gallery from ./portfolio_src into ./site_preview
# (resizing images with ImageMagick if it is installed) and serves it with
# Python's built-in web server so artists on the studio Wi-Fi can check their
# pages on their phones before the site is published.

set -euo pipefail

SRC_DIR="./portfolio_src"
OUT_DIR="./site_preview"
PORT="${PREVIEW_PORT:-8080}"
MAX_WIDTH=1600
SKIP_BUILD=0

log() { echo "$(date '+%H:%M:%S') [preview] $*"; }

usage() {
    echo "Usage: $0 [-p port] [-s]"
    echo "  -p  port to listen on (default $PORT)"
    echo "  -s  skip the build step and serve the existing preview"
}

while getopts ":p:sh" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        s) SKIP_BUILD=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

build_artist_page() {
    local artist_dir="$1" artist out_artist
    artist=$(basename "$artist_dir")
    out_artist="$OUT_DIR/$artist"
    mkdir -p "$out_artist"

    local count=0
    {
        echo "<!doctype html><html><head><meta charset='utf-8'>"
        echo "<title>$artist - portfolio preview</title>"
        echo "<link rel='stylesheet' href='../gallery.css'></head><body>"
        echo "<h1>$artist</h1><div class='grid'>"
        for img in "$artist_dir"/*.{jpg,jpeg,png}; do
            [[ -e "$img" ]] || continue
            local name
            name=$(basename "$img")
            if command -v convert >/dev/null 2>&1; then
                convert "$img" -resize "${MAX_WIDTH}x>" -strip "$out_artist/$name"
            else
                cp -- "$img" "$out_artist/$name"
            fi
            echo "<figure><img src='$name' loading='lazy'><figcaption>$name</figcaption></figure>"
            count=$((count + 1))
        done
        echo "</div></body></html>"
    } > "$out_artist/index.html"
    log "$artist: $count images"
    echo "<li><a href='$artist/'>$artist</a> ($count)</li>" >> "$OUT_DIR/index.html"
}

build_site() {
    [[ -d "$SRC_DIR" ]] || { log "missing $SRC_DIR"; exit 1; }
    rm -rf -- "$OUT_DIR"
    mkdir -p "$OUT_DIR"
    cp -- "$SRC_DIR/gallery.css" "$OUT_DIR/" 2>/dev/null || log "no gallery.css, pages will be unstyled"
    echo "<!doctype html><html><body><h1>Portfolio preview</h1><ul>" > "$OUT_DIR/index.html"
    for artist_dir in "$SRC_DIR"/*/; do
        [[ -d "$artist_dir" ]] && build_artist_page "$artist_dir"
    done
    echo "</ul></body></html>" >> "$OUT_DIR/index.html"
}

if [[ "$SKIP_BUILD" -eq 0 ]]; then
    build_site
fi

lan_ip=$(hostname -I 2>/dev/null | awk '{print $1}')
log "serving $OUT_DIR on port $PORT"
log "artists can open http://${lan_ip:-this-machine}:$PORT/ on the studio Wi-Fi"
log "press Ctrl-C to stop"

cd "$OUT_DIR"
exec python3 -m http.server "$PORT" --bind 0.0.0.0
