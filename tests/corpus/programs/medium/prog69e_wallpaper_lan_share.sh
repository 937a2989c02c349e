#!/usr/bin/env bash
# wallshare - browse and grab your wallpaper collection from the other
# machines at home (laptop, HTPC, phone) without setting up Samba.
#
# Builds a thumbnail gallery page in the wallpaper directory and serves it on
# the LAN until you press Ctrl-C.
#
#   wallshare.sh                     # ~/Pictures/Wallpapers on port 8765
#   wallshare.sh -d ~/walls -p 9000  # another directory / port
set -u

WALL_DIR="${WALLSHARE_DIR:-$HOME/Pictures/Wallpapers}"
PORT="${WALLSHARE_PORT:-8765}"
THUMBS=1
TITLE="$(hostname -s) wallpapers"

usage() {
    echo "usage: ${0##*/} [-d DIR] [-p PORT] [-n] [-t TITLE]"
    echo "  -n   skip thumbnail generation"
}

while getopts ":d:p:nt:h" opt; do
    case $opt in
        d) WALL_DIR=$OPTARG ;;
        p) PORT=$OPTARG ;;
        n) THUMBS=0 ;;
        t) TITLE=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

if [ ! -d "$WALL_DIR" ]; then
    echo "wallshare: $WALL_DIR does not exist" >&2
    exit 1
fi

make_thumbs() {
    local thumb_dir="$WALL_DIR/.thumbs" img name
    mkdir -p "$thumb_dir"
    if ! command -v convert >/dev/null 2>&1; then
        echo "wallshare: ImageMagick not found, gallery will use full images" >&2
        return 1
    fi
    find "$WALL_DIR" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' -o -iname '*.webp' \) -print0 |
    while IFS= read -r -d '' img; do
        name=$(basename "$img")
        [ "$thumb_dir/$name.jpg" -nt "$img" ] && continue
        convert "$img" -thumbnail 320x180^ -gravity center -extent 320x180 \
            -quality 80 "$thumb_dir/$name.jpg" 2>/dev/null
    done
}

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g'
}

write_index() {
    local use_thumbs=$1 name esc src count=0
    {
        printf '<!doctype html><meta charset="utf-8"><title>%s</title>\n' "$TITLE"
        printf '<style>body{background:#1e1e2e;color:#cdd6f4;font:14px sans-serif}'
        printf 'a{display:inline-block;margin:6px;color:inherit;text-decoration:none}'
        printf 'img{width:320px;height:180px;object-fit:cover;border-radius:6px}</style>\n'
        printf '<h1>%s</h1>\n' "$TITLE"
        for f in "$WALL_DIR"/*; do
            [ -f "$f" ] || continue
            case "${f,,}" in *.jpg|*.jpeg|*.png|*.webp) ;; *) continue ;; esac
            name=$(basename "$f")
            esc=$(printf '%s' "$name" | html_escape)
            src="$esc"
            [ "$use_thumbs" = 1 ] && [ -f "$WALL_DIR/.thumbs/$name.jpg" ] && src=".thumbs/$esc.jpg"
            printf '<a href="%s" download><img src="%s" loading="lazy"><br>%s</a>\n' "$esc" "$src" "$esc"
            count=$((count + 1))
        done
    } >"$WALL_DIR/index.html"
    echo "wallshare: gallery with $count images written to $WALL_DIR/index.html"
}

have_thumbs=0
if [ "$THUMBS" = 1 ] && make_thumbs; then
    have_thumbs=1
fi
write_index "$have_thumbs"

for ip in $(hostname -I 2>/dev/null); do
    case $ip in *:*) continue ;; esac
    echo "wallshare: open http://$ip:$PORT/ on your other devices"
done

exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$WALL_DIR"
