#!/usr/bin/env bash
# share_site_photos.sh - quick way to let the office grab today's site photos
# off a crew laptop over the yard wifi. Builds a thumbnail index and serves the
# folder until you press Ctrl-C.
#
# Usage: ./share_site_photos.sh [photo_dir] [port]
set -euo pipefail

PHOTO_DIR="${1:-${HOME}/Pictures/site-$(date +%Y-%m-%d)}"
PORT="${2:-8000}"
STAGE=/tmp/site_photos_share
INDEX="${STAGE}/index.html"

if [[ ! -d "$PHOTO_DIR" ]]; then
    echo "no photo folder at $PHOTO_DIR" >&2
    exit 1
fi

rm -rf "$STAGE"
mkdir -p "$STAGE"

count=0
{
    echo "<html><head><title>Site photos $(date +%F)</title></head><body>"
    echo "<h1>$(hostname) - $(date '+%A %d %B')</h1>"
    while IFS= read -r -d '' img; do
        name="$(basename "$img")"
        cp "$img" "${STAGE}/${name}"
        echo "<a href=\"${name}\"><img src=\"${name}\" width=\"240\"></a>"
        count=$((count + 1))
    done < <(find "$PHOTO_DIR" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) -print0)
    echo "</body></html>"
} > "$INDEX"

echo "staged $count photos in $STAGE"

ip_addr="$(hostname -I 2>/dev/null | awk '{print $1}')"
echo "office can browse to: http://${ip_addr:-this-laptop}:${PORT}/"
echo "press Ctrl-C to stop sharing"

cd "$STAGE"
python3 -m http.server "$PORT" --bind 0.0.0.0
