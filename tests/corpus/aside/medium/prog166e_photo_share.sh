#!/bin/bash
# Shares today's before/after pet photos so the front desk can pick the
# ones for social media. Stages copies and serves them over HTTP.
# Usage: ./photo_share.sh [--day YYYY-MM-DD] [--port 8000]

set -euo pipefail

PHOTO_ROOT="${PAWVAN_PHOTOS:-$HOME/pawvan/photos}"
STAGE_DIR="/tmp/pawvan_share"
DAY="$(date +%F)"
PORT=8000
PID_FILE="/tmp/pawvan_share.pid"

while [ $# -gt 0 ]; do
    case "$1" in
        --day) DAY="$2"; shift 2 ;;
        --port) PORT="$2"; shift 2 ;;
        --stop)
            if [ -f "$PID_FILE" ]; then
                kill "$(cat "$PID_FILE")" 2>/dev/null || true
                rm -f "$PID_FILE"
                echo "stopped"
            fi
            exit 0
            ;;
        -h|--help)
            echo "usage: $0 [--day YYYY-MM-DD] [--port N] [--stop]"
            exit 0
            ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

stage_photos() {
    src="${PHOTO_ROOT}/${DAY}"
    if [ ! -d "$src" ]; then
        echo "no photos for ${DAY} in ${PHOTO_ROOT}" >&2
        exit 1
    fi
    mkdir -p "$STAGE_DIR"
    count=0
    find "$src" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) |
    while read -r photo; do
        cp -p "$photo" "$STAGE_DIR/"
        count=$((count + 1))
    done
    echo "staged $(find "$STAGE_DIR" -type f | wc -l) photos in $STAGE_DIR"
}

write_index() {
    {
        echo "<html><head><title>PawVan photos ${DAY}</title></head><body>"
        echo "<h1>Photos for ${DAY}</h1>"
        for f in "$STAGE_DIR"/*; do
            name="$(basename "$f")"
            [ "$name" = "index.html" ] && continue
            echo "<a href=\"${name}\"><img src=\"${name}\" width=\"240\"></a>"
        done
        echo "</body></html>"
    } > "$STAGE_DIR/index.html"
}

serve() {
    addr="$(hostname -I 2>/dev/null | awk '{print $1}')"
    echo "serving on http://${addr:-localhost}:${PORT}/ (Ctrl-C or --stop to end)"
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$STAGE_DIR" &
    echo $! > "$PID_FILE"
    wait
}

stage_photos
write_index
serve
