#!/usr/bin/env bash
# show_preview_server.sh - build preview stills of the current fulldome
# renders and serve them so the producers can review on their laptops or
# tablets anywhere in the building.
set -uo pipefail

RENDER_DIR="${RENDER_DIR:-$PWD/renders}"
PREVIEW_DIR="${PREVIEW_DIR:-/tmp/dome_preview}"
PORT="${PREVIEW_PORT:-8080}"
BIND_ADDR="${PREVIEW_BIND:-0.0.0.0}"
EVERY_N="${PREVIEW_EVERY_N:-240}"
WIDTH="${PREVIEW_WIDTH:-1024}"

log() { echo "[preview] $*" >&2; }

usage() {
    echo "usage: $0 [build|serve|all]   (default: all)"
}

build_index() {
    local f
    {
        echo "<html><head><title>Dome previews</title></head><body>"
        echo "<h1>Dome previews - $(date '+%F %H:%M')</h1>"
        for f in "$PREVIEW_DIR"/*.jpg; do
            [[ -f "$f" ]] || continue
            echo "<div><img src=\"$(basename "$f")\" width=\"320\"><br>$(basename "$f")</div>"
        done
        echo "</body></html>"
    } > "$PREVIEW_DIR/index.html"
}

build_previews() {
    mkdir -p "$PREVIEW_DIR"
    rm -f "$PREVIEW_DIR"/*.jpg
    local shot frames n=0 i
    for shot in "$RENDER_DIR"/*/; do
        [[ -d "$shot" ]] || continue
        mapfile -t frames < <(ls -1 "$shot"*.png 2>/dev/null)
        (( ${#frames[@]} )) || continue
        for (( i = 0; i < ${#frames[@]}; i += EVERY_N )); do
            ffmpeg -loglevel error -y -i "${frames[$i]}" \
                -vf "scale=${WIDTH}:-1" \
                "$PREVIEW_DIR/$(basename "$shot")_$(printf '%05d' "$i").jpg"
            n=$((n + 1))
        done
    done
    build_index
    log "$n preview still(s) in $PREVIEW_DIR"
}

serve_previews() {
    cd "$PREVIEW_DIR" || { log "nothing to serve"; exit 1; }
    log "serving $PREVIEW_DIR on http://$BIND_ADDR:$PORT/"
    exec python3 -m http.server "$PORT" --bind "$BIND_ADDR"
}

case "${1:-all}" in
    build) build_previews ;;
    serve) serve_previews ;;
    all) build_previews; serve_previews ;;
    -h|--help) usage ;;
    *) usage; exit 2 ;;
esac
