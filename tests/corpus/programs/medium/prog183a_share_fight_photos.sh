#!/usr/bin/env bash
# Share fight-night photos with the photographer and the fighters' corners
# over the gym wifi. Copies the selected event folder into a staging dir,
# builds a contact sheet list, and serves it until Ctrl-C.
set -euo pipefail

PHOTO_ROOT="${PHOTO_ROOT:-$HOME/Pictures/fight_nights}"
STAGE=/tmp/ironside_photos
PORT="${PORT:-8000}"
EVENT=""

usage() {
    echo "Usage: $(basename "$0") -e EVENT_FOLDER [-p PORT]"
    echo "Events available:"
    ls -1 "$PHOTO_ROOT" 2>/dev/null | sed 's/^/  /'
}

while getopts ":e:p:h" opt; do
    case "$opt" in
        e) EVENT="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ -z "$EVENT" || ! -d "$PHOTO_ROOT/$EVENT" ]]; then
    usage
    exit 1
fi

echo "Staging $EVENT ..."
rm -rf "$STAGE"
mkdir -p "$STAGE"
cp -r "$PHOTO_ROOT/$EVENT"/. "$STAGE"/

# Simple index page so phones get a clickable list.
{
    echo "<html><head><title>Ironside Fight Night - $EVENT</title></head><body>"
    echo "<h1>$EVENT</h1><ul>"
    find "$STAGE" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) \
        -printf '%f\n' | sort | while read -r f; do
        echo "<li><a href=\"$f\">$f</a></li>"
    done
    echo "</ul></body></html>"
} > "$STAGE/index.html"

COUNT=$(find "$STAGE" -maxdepth 1 -type f ! -name index.html | wc -l)
IP=$(hostname -I 2>/dev/null | awk '{print $1}')
echo "Serving $COUNT photos at http://${IP:-this-pc}:${PORT}/ (Ctrl-C to stop)"

cleanup() {
    echo "Stopping share, removing staging copy"
    rm -rf "$STAGE"
}
trap cleanup EXIT

cd "$STAGE"
python3 -m http.server "$PORT" --bind 0.0.0.0
