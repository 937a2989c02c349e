#!/bin/sh
# contact_sheet_preview.sh - build ImageMagick contact sheets for a shoot and
# serve them so the client can look at them from a tablet on the studio LAN.
#
#   contact_sheet_preview.sh SHOOT_DIR [PORT]
#
# Sheets are written to SHOOT_DIR/contact/ (one per 30 frames), plus an
# index.html, and that folder is then served with Python's http.server.
set -eu

SHOOT_DIR=${1:?usage: $0 SHOOT_DIR [PORT]}
PORT=${2:-8080}
PER_SHEET=30
TILE="6x5"
GEOMETRY="320x320+6+6"
SHEET_DIR="$SHOOT_DIR/contact"

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing: $1" >&2; exit 1; }
}

need montage
need python3
[ -d "$SHOOT_DIR" ] || { echo "no such directory: $SHOOT_DIR" >&2; exit 1; }
mkdir -p "$SHEET_DIR"

# collect the frames in shooting order
LIST="$SHEET_DIR/.frames"
find "$SHOOT_DIR" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) \
    | sort > "$LIST"
total=$(wc -l < "$LIST")
[ "$total" -gt 0 ] || { echo "no images in $SHOOT_DIR" >&2; exit 1; }
echo "building sheets for $total frame(s)"

sheet=1
offset=0
while [ "$offset" -lt "$total" ]; do
    out=$(printf '%s/sheet-%02d.jpg' "$SHEET_DIR" "$sheet")
    # shellcheck disable=SC2046
    sed -n "$((offset + 1)),$((offset + PER_SHEET))p" "$LIST" \
        | tr '\n' '\0' \
        | xargs -0 montage -label '%f' -pointsize 11 -tile "$TILE" \
              -geometry "$GEOMETRY" -background '#202020' -fill '#dddddd' \
              -auto-orient -title "$(basename "$SHOOT_DIR") - sheet $sheet" "$out" \
        || { echo "montage failed for sheet $sheet" >&2; exit 1; }
    echo "  $(basename "$out")"
    sheet=$((sheet + 1))
    offset=$((offset + PER_SHEET))
done
rm -f "$LIST"

# simple index page
{
    echo "<!doctype html><html><head><meta charset=utf-8><title>$(basename "$SHOOT_DIR")</title>"
    echo "<style>body{background:#111;color:#ccc;font-family:sans-serif}img{max-width:100%}</style></head><body>"
    for f in "$SHEET_DIR"/sheet-*.jpg; do
        n=$(basename "$f")
        echo "<h3>$n</h3><a href=\"$n\"><img src=\"$n\" alt=\"$n\"></a>"
    done
    echo "</body></html>"
} > "$SHEET_DIR/index.html"

ip=$(hostname -I 2>/dev/null | awk '{print $1}')
echo "serving $SHEET_DIR on http://${ip:-this-host}:$PORT/  (Ctrl-C to stop)"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHEET_DIR"
