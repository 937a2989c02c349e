#!/usr/bin/env bash
# Match-day photo share
#
# Parents and players want the photos from today's game before they leave
# the ground. This gathers the camera card's JPEGs into a staging folder,
# makes web-sized copies and serves them on the clubhouse wifi until you
# press Ctrl-C.
set -euo pipefail

CARD="${1:-/media/$USER/EOS_DIGITAL/DCIM}"
PORT="${LHCC_SHARE_PORT:-8080}"
STAGE="/tmp/lhcc_match_photos"
INDEX_TITLE="Little Hadley CC - $(date '+%A %d %B')"
MAX_WIDTH=1600

log() { echo "[share] $*"; }

collect() {
    mkdir -p "$STAGE"
    local n=0 f
    while IFS= read -r -d '' f; do
        cp -n "$f" "$STAGE/" && n=$((n + 1))
    done < <(find "$CARD" -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) -newermt "$(date +%F)" -print0)
    log "copied $n photo(s) from $CARD"
}

shrink() {
    command -v mogrify >/dev/null || { log "imagemagick missing, sharing originals"; return 0; }
    local tmpdir; tmpdir="/tmp/lhcc_resize.$$"
    mkdir -p "$tmpdir"
    cp "$STAGE"/*.[jJ][pP]*[gG] "$tmpdir"/ 2>/dev/null || return 0
    mogrify -resize "${MAX_WIDTH}x${MAX_WIDTH}>" -quality 82 "$tmpdir"/*
    mv "$tmpdir"/* "$STAGE"/
    rmdir "$tmpdir"
}

write_index() {
    {
        echo "<!doctype html><title>${INDEX_TITLE}</title><h1>${INDEX_TITLE}</h1>"
        for f in "$STAGE"/*.[jJ][pP]*[gG]; do
            [[ -e "$f" ]] || continue
            b="$(basename "$f")"
            echo "<a href=\"$b\"><img src=\"$b\" width=320></a>"
        done
    } > "$STAGE/index.html"
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
    log "open http://$(lan_address):${PORT}/ on your phone (Ctrl-C to stop)"
    cd "$STAGE"
    python3 -m http.server "$PORT" --bind 0.0.0.0
}

if [[ ! -d "$CARD" ]]; then
    log "no camera card at $CARD, sharing whatever is already staged"
else
    collect
    shrink
fi
write_index
serve
