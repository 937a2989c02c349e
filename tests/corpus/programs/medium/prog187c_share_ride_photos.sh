#!/usr/bin/env bash
# Shares today's ride photos on the hut LAN so the photo booth tablet
# and parents' phones on the hut Wi-Fi can pick them up.
set -euo pipefail

PHOTO_ROOT="${PHOTO_ROOT:-$HOME/ride-photos}"
PORT="${PHOTO_PORT:-8000}"
DAY="$(date +%Y-%m-%d)"

usage() {
    echo "usage: $0 [-d YYYY-MM-DD] [-p port]"
    exit 1
}

while getopts ":d:p:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        *) usage ;;
    esac
done

DIR="${PHOTO_ROOT}/${DAY}"
if [[ ! -d "$DIR" ]]; then
    echo "no photos for ${DAY} in ${PHOTO_ROOT}"
    exit 1
fi

count=$(find "$DIR" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.png' \) | wc -l)
echo "sharing ${count} photos from ${DIR}"

# simple index page so the tablet shows thumbnails
{
    echo "<html><head><title>Donkey rides ${DAY}</title></head><body>"
    echo "<h1>Bay Donkey Rides - ${DAY}</h1>"
    for f in "$DIR"/*.jpg "$DIR"/*.png; do
        [[ -e "$f" ]] || continue
        name="$(basename "$f")"
        echo "<a href=\"${name}\"><img src=\"${name}\" width=\"240\"></a>"
    done
    echo "</body></html>"
} > "${DIR}/index.html"

ip_addr="$(hostname -I 2>/dev/null | awk '{print $1}')"
echo "open http://${ip_addr:-this-machine}:${PORT}/ on the tablet (Ctrl-C to stop)"

python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$DIR"
