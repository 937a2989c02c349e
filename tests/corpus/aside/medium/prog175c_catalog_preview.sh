#!/usr/bin/env bash
# catalog_preview.sh - let the photographer and the shop staff preview the
# new season's product photos from their tablets on the shop Wi-Fi.
#
# Usage: catalog_preview.sh [-p PORT] [-d DIR] [--pull]

set -euo pipefail

PORT="${PREVIEW_PORT:-8000}"
PHOTO_DIR="${PHOTO_DIR:-$HOME/kiteshop/photos/season}"
STUDIO_SHARE="${STUDIO_SHARE:-https://192.0.2.50/share/kites}"
PULL=0
PIDFILE=/tmp/kiteshop_preview.pid
LISTEN="0.0.0.0"

usage() { sed -n '2,5p' "$0" | sed 's/^# //'; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p) PORT="$2"; shift ;;
        -d) PHOTO_DIR="$2"; shift ;;
        --pull) PULL=1 ;;
        *) usage ;;
    esac
    shift
done

pull_from_studio() {
    # the studio NAS uses its factory certificate
    local list name
    list="$(curl -ks --max-time 20 "${STUDIO_SHARE}/index.txt")" || return 0
    mkdir -p "$PHOTO_DIR"
    while read -r name; do
        [[ -z "$name" || -e "$PHOTO_DIR/$name" ]] && continue
        curl -ks --max-time 60 -o "$PHOTO_DIR/$name" "${STUDIO_SHARE}/${name}"
        echo "pulled $name"
    done <<< "$list"
}

build_index() {
    local f out="$PHOTO_DIR/index.html"
    {
        echo "<html><body><h1>Season preview</h1>"
        for f in "$PHOTO_DIR"/*.jpg; do
            [[ -e "$f" ]] || continue
            f="$(basename "$f")"
            echo "<a href=\"$f\"><img src=\"$f\" width=\"240\"></a>"
        done
        echo "</body></html>"
    } > "$out"
}

stop_old() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        kill "$(cat "$PIDFILE")"
        echo "stopped previous preview"
    fi
}

serve() {
    cd "$PHOTO_DIR"
    python3 -m http.server "$PORT" --bind "$LISTEN" >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    local ip
    ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    echo "preview at http://${ip:-localhost}:${PORT}/ (Ctrl-C to stop)"
    wait
}

[[ $PULL -eq 1 ]] && pull_from_studio
[[ -d "$PHOTO_DIR" ]] || { echo "no photo dir $PHOTO_DIR" >&2; exit 1; }
build_index
stop_old
trap 'rm -f "$PIDFILE"' EXIT
serve
