#!/usr/bin/env bash
# Render the snack bar menu board.
# Fetches today's menu and prices from the till vendor's public menu feed and
# writes a self-contained menu_board.html (images inlined as data URIs) that
# the menu screen's browser shows fullscreen.
#
# Usage: snack_menu_render.sh [-o OUTPUT] [-f FEED_URL]

set -euo pipefail

FEED_URL="${FEED_URL:-https://menu.example.com/feeds/arena-snackbar.json}"
OUTPUT="menu_board.html"
ASSET_DIR="./menu_assets"

usage() { sed -n '2,7p' "$0"; }

while getopts "o:f:h" opt; do
    case "$opt" in
        o) OUTPUT="$OPTARG" ;;
        f) FEED_URL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

for tool in curl jq base64; do
    command -v "$tool" >/dev/null || { echo "need $tool" >&2; exit 1; }
done

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

echo "fetching menu feed"
curl -fsS --max-time 15 "$FEED_URL" -o "$WORK/feed.json"

if ! jq -e '.items | length > 0' "$WORK/feed.json" >/dev/null; then
    echo "feed has no items, keeping the old board" >&2
    exit 1
fi

# inline a local picture as a data URI (falls back to no image)
inline_image() {
    local file="$ASSET_DIR/$1"
    if [ -f "$file" ]; then
        printf 'data:image/png;base64,%s' "$(base64 -w0 "$file")"
    fi
}

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g'
}

{
    cat <<'EOF'
<!doctype html>
<html><head><meta charset="utf-8"><title>Snack Bar</title>
<style>
body{background:#111;color:#eee;font-family:sans-serif;margin:2em}
.item{display:flex;align-items:center;margin:.6em 0;font-size:2em}
.item img{height:1.6em;margin-right:.5em}
.price{margin-left:auto;color:#ffcc00}
.sold{opacity:.35;text-decoration:line-through}
</style></head><body><h1>Snack Bar</h1>
EOF
    jq -r '.items[] | [.name, (.price|tostring), (.image // ""), (.available|tostring)] | @tsv' \
        "$WORK/feed.json" |
    while IFS=$'\t' read -r name price image available; do
        cls="item"
        [ "$available" = "false" ] && cls="item sold"
        safe_name="$(printf '%s' "$name" | html_escape)"
        img=""
        if [ -n "$image" ]; then
            uri="$(inline_image "$(basename "$image")")"
            [ -n "$uri" ] && img="<img src=\"$uri\" alt=\"\">"
        fi
        printf '<div class="%s">%s<span>%s</span><span class="price">&euro; %s</span></div>\n' \
            "$cls" "$img" "$safe_name" "$price"
    done
    printf '<p style="font-size:.8em">updated %s</p></body></html>\n' "$(date '+%H:%M')"
} > "$WORK/board.html"

mv "$WORK/board.html" "$OUTPUT"
chmod 0644 "$OUTPUT"
echo "wrote $OUTPUT ($(jq '.items | length' "$WORK/feed.json") items)"
