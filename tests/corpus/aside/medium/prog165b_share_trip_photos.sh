#!/bin/sh
# Share today's trek photos with guests over the visitor-centre wifi.
# Copies the day's shots off the guide camera card, makes web-sized copies
# and serves them so guests can download before they leave.

set -eu

CARD_DIR="${CARD_DIR:-/media/$USER/GUIDECAM/DCIM}"
SHARE_DIR="/tmp/trek_photos_share"
PORT="${PORT:-8080}"
DAY="${DAY:-$(date +%Y-%m-%d)}"
MAX_EDGE="${MAX_EDGE:-1600}"

msg() {
    echo "[photo-share] $*"
}

prepare_share() {
    rm -rf "$SHARE_DIR"
    mkdir -p "$SHARE_DIR/$DAY"
}

copy_today() {
    count=0
    for f in $(find "$CARD_DIR" -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) -newermt "$DAY" 2>/dev/null); do
        base="$(basename "$f")"
        if command -v convert >/dev/null 2>&1; then
            convert "$f" -resize "${MAX_EDGE}x${MAX_EDGE}>" -quality 85 "$SHARE_DIR/$DAY/$base"
        else
            cp "$f" "$SHARE_DIR/$DAY/$base"
        fi
        count=$((count + 1))
    done
    echo "$count"
}

write_index() {
    index="$SHARE_DIR/index.html"
    {
        echo "<html><head><title>Trek photos $DAY</title></head><body>"
        echo "<h1>Your llama trek, $DAY</h1><ul>"
        for p in "$SHARE_DIR/$DAY"/*; do
            [ -e "$p" ] || continue
            name="$(basename "$p")"
            echo "<li><a href=\"$DAY/$name\">$name</a></li>"
        done
        echo "</ul></body></html>"
    } > "$index"
}

local_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
    msg "guests can browse to http://$(local_address):$PORT/"
    cd "$SHARE_DIR"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0
}

main() {
    if [ ! -d "$CARD_DIR" ]; then
        msg "camera card not found at $CARD_DIR"
        exit 1
    fi
    prepare_share
    n="$(copy_today)"
    msg "$n photos ready for $DAY"
    if [ "$n" -eq 0 ]; then
        exit 0
    fi
    write_index
    serve
}

main "$@"
