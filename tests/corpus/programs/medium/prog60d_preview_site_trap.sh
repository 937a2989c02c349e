#!/usr/bin/env bash
# Build the static docs site and serve a preview so teammates on the LAN
# can look at it. The preview server is a background job that the EXIT
# trap stops; a rebuild happens whenever a markdown file changes.
set -uo pipefail

SITE_DIR="${SITE_DIR:-./site}"
DOCS_DIR="${DOCS_DIR:-./docs}"
PORT="${PORT:-8000}"
POLL="${POLL:-2}"
SERVER_PID=""

log() { echo "[preview] $*" >&2; }

stop_server() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        log "stopping preview server ($SERVER_PID)"
        kill "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null
    fi
}
trap stop_server EXIT
trap 'exit 130' INT TERM

build() {
    log "building $DOCS_DIR -> $SITE_DIR"
    if command -v mkdocs >/dev/null 2>&1; then
        mkdocs build --quiet --site-dir "$SITE_DIR" || return 1
    else
        mkdir -p "$SITE_DIR"
        for md in "$DOCS_DIR"/*.md; do
            [ -e "$md" ] || continue
            out="$SITE_DIR/$(basename "${md%.md}").html"
            { echo "<html><body><pre>"; sed 's/&/\&amp;/g; s/</\&lt;/g' "$md"; echo "</pre></body></html>"; } > "$out"
        done
    fi
}

fingerprint() {
    find "$DOCS_DIR" -type f -name '*.md' -printf '%T@ %p\n' 2>/dev/null | sort | md5sum | cut -d' ' -f1
}

start_server() {
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE_DIR" >/dev/null 2>&1 &
    SERVER_PID=$!
    sleep 0.5
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
        log "server failed to start on port $PORT"
        exit 1
    fi
    ip_addr=$(hostname -I 2>/dev/null | awk '{print $1}')
    log "preview at http://${ip_addr:-localhost}:$PORT/"
}

[ -d "$DOCS_DIR" ] || { log "missing $DOCS_DIR"; exit 2; }
build || { log "initial build failed"; exit 1; }
start_server

last=$(fingerprint)
while true; do
    sleep "$POLL"
    now=$(fingerprint)
    if [ "$now" != "$last" ]; then
        build && log "rebuilt" || log "rebuild failed; keeping old site"
        last=$now
    fi
done
