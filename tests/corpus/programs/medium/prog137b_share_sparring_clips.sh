#!/usr/bin/env bash
# Share tonight's sparring clips with the students on the dojo wifi.
#
# Copies the selected clips into a staging folder, pulls the latest
# watermark from the club's media box and serves the folder over HTTP for
# the rest of the evening so students can download their rounds.
set -eu

LIBRARY="${LIBRARY:-./sparring_library}"
STAGE="/tmp/dojo_share"
PORT="${PORT:-8080}"
MEDIA_BOX="https://198.51.100.40"
NIGHT="${1:-$(date +%Y-%m-%d)}"
MAX_HOURS="${MAX_HOURS:-3}"

note() { echo "[share] $*"; }

prepare_stage() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    local n=0 clip
    for clip in "$LIBRARY/$NIGHT"/*.mp4; do
        [ -e "$clip" ] || continue
        cp "$clip" "$STAGE/"
        n=$((n + 1))
    done
    note "$n clips staged for $NIGHT"
    if [ "$n" -eq 0 ]; then
        note "nothing to share"
        exit 0
    fi
}

fetch_watermark() {
    # media box uses a self-signed cert on the LAN
    if curl -k -fsS --max-time 15 "$MEDIA_BOX/branding/watermark.png" -o "$STAGE/watermark.png"; then
        note "watermark fetched"
    else
        note "watermark unavailable, sharing without it"
    fi
}

write_index() {
    {
        echo "<html><body><h1>Sparring night $NIGHT</h1><ul>"
        for f in "$STAGE"/*.mp4; do
            b=$(basename "$f")
            echo "<li><a href=\"$b\">$b</a></li>"
        done
        echo "</ul></body></html>"
    } > "$STAGE/index.html"
}

local_ip() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
    note "serving on http://$(local_ip):$PORT/ for ${MAX_HOURS}h"
    cd "$STAGE"
    timeout "${MAX_HOURS}h" python3 -m http.server "$PORT" --bind 0.0.0.0 || true
    note "sharing stopped"
}

main() {
    if [ ! -d "$LIBRARY/$NIGHT" ]; then
        note "no folder for $NIGHT in $LIBRARY"
        exit 1
    fi
    prepare_stage
    fetch_watermark
    write_index
    serve
}

main "$@"
