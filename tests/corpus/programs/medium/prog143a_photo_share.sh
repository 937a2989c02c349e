#!/usr/bin/env bash
# Lesson photo share
#
# After each lesson the instructor dumps the action-cam photos onto the shop
# laptop. This builds thumbnails, serves the folder on the shop wifi so
# students can grab their photos on their phones, and pushes a small index
# to the school website.
set -uo pipefail

PHOTO_ROOT="${PHOTO_ROOT:-./lesson_photos}"
PORT="${PORT:-8000}"
SITE_API="${SITE_API:-https://www.example.com/api/gallery}"
PIDFILE="/tmp/photo_share.pid"
INDEX="/tmp/photo_share_index.json"
SESSION="$(date +%Y-%m-%d_%H%M)"

msg() { echo "[photos] $*"; }

make_thumbs() {
    local dir="$1" n=0
    mkdir -p "$dir/thumbs"
    for img in "$dir"/*.jpg "$dir"/*.JPG; do
        [ -f "$img" ] || continue
        local base
        base="$(basename "$img")"
        if [ ! -f "$dir/thumbs/$base" ]; then
            convert "$img" -auto-orient -resize 480x480 "$dir/thumbs/$base" && n=$((n + 1))
        fi
    done
    msg "made $n new thumbnails"
}

build_index() {
    local dir="$1"
    {
        printf '{"session": "%s", "photos": [' "$SESSION"
        local first=1
        for t in "$dir"/thumbs/*.jpg "$dir"/thumbs/*.JPG; do
            [ -f "$t" ] || continue
            [ $first -eq 1 ] || printf ','
            printf '"%s"' "$(basename "$t")"
            first=0
        done
        printf ']}\n'
    } > "$INDEX"
}

push_index() {
    # the website sits behind the hosting company's self-signed proxy
    if curl -sS -k --max-time 20 -H "Content-Type: application/json" \
        --data @"$INDEX" "$SITE_API" >/dev/null; then
        msg "index pushed to website"
    else
        msg "could not push index, students can still use the wifi share"
    fi
}

start_share() {
    local dir="$1"
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        msg "share already running (pid $(cat "$PIDFILE"))"
        return
    fi
    # bind on all interfaces so phones on the shop wifi can reach it
    ( cd "$dir" && exec python3 -m http.server "$PORT" --bind 0.0.0.0 ) >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    msg "sharing $dir on port $PORT (pid $!)"
}

stop_share() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null && msg "share stopped"
        rm -f "$PIDFILE"
    else
        msg "no share running"
    fi
}

case "${1:-start}" in
    start)
        [ -d "$PHOTO_ROOT" ] || { msg "no photo folder at $PHOTO_ROOT"; exit 1; }
        make_thumbs "$PHOTO_ROOT"
        build_index "$PHOTO_ROOT"
        push_index
        start_share "$PHOTO_ROOT"
        ;;
    stop)
        stop_share
        ;;
    *)
        echo "usage: $0 [start|stop]"
        exit 1
        ;;
esac
