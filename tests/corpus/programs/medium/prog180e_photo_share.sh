#!/usr/bin/env bash
# photo_share.sh - share today's animal photos with the web-shop photographer's
# laptop over the shop Wi-Fi. Resizes the camera JPEGs into a share folder and
# serves it with Python's built-in web server until Ctrl-C.
#
#   photo_share.sh [-s source_dir] [-p port] [-w max_width]

set -euo pipefail

SRC_DIR="${PHOTO_SRC:-$HOME/Pictures/stock-photos/$(date +%F)}"
SHARE_DIR="/tmp/reptile-photo-share"
PORT=8000
MAX_WIDTH=1600
LOG="/tmp/photo_share.log"

while getopts ":s:p:w:h" opt; do
    case "$opt" in
        s) SRC_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        w) MAX_WIDTH="$OPTARG" ;;
        *) sed -n '2,6p' "$0"; exit 1 ;;
    esac
done

if [[ ! -d "$SRC_DIR" ]]; then
    echo "no photos in $SRC_DIR" >&2
    exit 1
fi

mkdir -p "$SHARE_DIR"
echo "$(date '+%F %T') preparing share from $SRC_DIR" >> "$LOG"

count=0
shopt -s nullglob nocaseglob
for img in "$SRC_DIR"/*.jpg "$SRC_DIR"/*.jpeg; do
    base="$(basename "$img")"
    out="$SHARE_DIR/${base%.*}.jpg"
    if [[ -f "$out" && "$out" -nt "$img" ]]; then
        continue
    fi
    if command -v convert >/dev/null; then
        convert "$img" -auto-orient -resize "${MAX_WIDTH}x>" -quality 88 "$out"
    else
        cp "$img" "$out"
    fi
    count=$((count + 1))
done
shopt -u nullglob nocaseglob

echo "$(date '+%F %T') $count new images" >> "$LOG"

ip_addr="$(hostname -I 2>/dev/null | awk '{print $1}')"
echo "Serving $(ls "$SHARE_DIR" | wc -l) photos"
echo "Photographer can browse to: http://${ip_addr:-this-pc}:${PORT}/"
echo "Press Ctrl-C to stop sharing."

cd "$SHARE_DIR"
python3 -m http.server "$PORT" --bind 0.0.0.0 2>>"$LOG"
