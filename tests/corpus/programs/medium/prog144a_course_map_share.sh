#!/usr/bin/env bash
# Share the latest course maps with the greens crew tablets.
# Renders the hole PDFs into PNGs (if pdftoppm is installed), stages them in
# a scratch folder and serves that folder on the maintenance LAN until the
# crew has pulled them down.
set -uo pipefail

MAP_SRC="${MAP_SRC:-./maps}"
STAGE_DIR="/tmp/course_maps_share"
PORT="${PORT:-8080}"
DURATION="${DURATION:-1800}"
PIDFILE="/tmp/course_maps_share.pid"

log() { echo "$(date '+%H:%M:%S') $*"; }

render_maps() {
    mkdir -p "$STAGE_DIR"
    local pdf n=0
    for pdf in "$MAP_SRC"/*.pdf; do
        [ -f "$pdf" ] || continue
        local base
        base="$(basename "$pdf" .pdf)"
        if command -v pdftoppm >/dev/null 2>&1; then
            pdftoppm -png -r 110 -singlefile "$pdf" "$STAGE_DIR/$base"
        else
            cp "$pdf" "$STAGE_DIR/"
        fi
        n=$((n + 1))
    done
    log "staged $n maps in $STAGE_DIR"
    [ "$n" -gt 0 ]
}

write_index() {
    {
        echo "<html><body><h1>Course maps $(date +%F)</h1><ul>"
        local f
        for f in "$STAGE_DIR"/*; do
            [ -f "$f" ] || continue
            case "$f" in *.html) continue ;; esac
            echo "<li><a href=\"$(basename "$f")\">$(basename "$f")</a></li>"
        done
        echo "</ul></body></html>"
    } > "$STAGE_DIR/index.html"
}

stop_existing() {
    if [ -f "$PIDFILE" ]; then
        local old
        old="$(cat "$PIDFILE")"
        if kill -0 "$old" 2>/dev/null; then
            log "stopping previous share (pid $old)"
            kill "$old"
        fi
        rm -f "$PIDFILE"
    fi
}

serve() {
    # tablets are on the shed Wi-Fi, so listen on every interface
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$STAGE_DIR" \
        >"$STAGE_DIR/.server.log" 2>&1 &
    echo $! > "$PIDFILE"
    log "serving $STAGE_DIR on port $PORT for ${DURATION}s (pid $(cat "$PIDFILE"))"
}

cleanup() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null
        rm -f "$PIDFILE"
    fi
    log "share closed"
}

main() {
    stop_existing
    if ! render_maps; then
        log "no maps found under $MAP_SRC"
        exit 1
    fi
    write_index
    serve
    trap cleanup EXIT INT TERM
    sleep "$DURATION"
}

main "$@"
