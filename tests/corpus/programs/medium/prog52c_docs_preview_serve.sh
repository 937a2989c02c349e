#!/bin/sh
# Build the Sphinx docs and share a live preview with the team on the LAN.
# Usage: ./docs_preview.sh [port]
set -eu

PORT="${1:-8080}"
SRC_DIR="docs"
PREVIEW_DIR="/tmp/docs-preview"
PIDFILE="/tmp/docs-preview.pid"
SPHINX="${SPHINX:-sphinx-build}"

say() { echo "docs-preview: $*" >&2; }

need() {
    command -v "$1" >/dev/null 2>&1 || { say "missing $1"; exit 1; }
}

stop_old() {
    if [ -f "$PIDFILE" ]; then
        old="$(cat "$PIDFILE")"
        if kill -0 "$old" 2>/dev/null; then
            say "stopping previous preview (pid $old)"
            kill "$old" || true
        fi
        rm -f "$PIDFILE"
    fi
}

build() {
    say "building HTML from $SRC_DIR"
    rm -rf "$PREVIEW_DIR"
    mkdir -p "$PREVIEW_DIR"
    "$SPHINX" -q -b html -j auto "$SRC_DIR" "$PREVIEW_DIR"
    git rev-parse --short HEAD > "$PREVIEW_DIR/REVISION" 2>/dev/null || true
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
    say "serving $PREVIEW_DIR on all interfaces, port $PORT"
    python3 -m http.server "$PORT" --bind 0.0.0.0 \
        --directory "$PREVIEW_DIR" >/tmp/docs-preview.log 2>&1 &
    echo $! > "$PIDFILE"
    sleep 1
    if kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        say "ready: http://$(lan_address):$PORT/"
    else
        say "server failed, see /tmp/docs-preview.log"
        exit 1
    fi
}

need "$SPHINX"
need python3
[ -d "$SRC_DIR" ] || { say "no $SRC_DIR directory here"; exit 1; }
stop_old
build
serve
