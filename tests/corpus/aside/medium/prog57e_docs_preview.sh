#!/usr/bin/env bash
# docs-preview: rebuild the Sphinx docs on save and serve them so the
# reviewer on the other laptop (or the phone for the mobile theme) can look.
#
#   tools/docs_preview.sh [-p PORT] [-o] [-n]
#     -p PORT   port to serve on (default 8088)
#     -o        open a browser tab after the first build
#     -n        no watch loop: build once and serve
set -eu

PORT=8088
OPEN_BROWSER=0
WATCH=1
DOCS_SRC=docs
BUILD_DIR=docs/_build/html
STAMP=docs/_build/.last-build

while getopts "p:on" flag; do
    case "$flag" in
        p) PORT="$OPTARG" ;;
        o) OPEN_BROWSER=1 ;;
        n) WATCH=0 ;;
        *) sed -n '2,9p' "$0"; exit 2 ;;
    esac
done

say() { printf '\033[36mdocs-preview\033[0m %s\n' "$*"; }

build_docs() {
    say "building html..."
    if sphinx-build -q -b html -d docs/_build/doctrees "$DOCS_SRC" "$BUILD_DIR"; then
        touch "$STAMP"
        say "build ok ($(find "$BUILD_DIR" -name '*.html' | wc -l) pages)"
    else
        say "build FAILED; keeping previous output"
    fi
}

sources_changed() {
    [ ! -f "$STAMP" ] && return 0
    [ -n "$(find "$DOCS_SRC" -path "$DOCS_SRC/_build" -prune -o \
            -newer "$STAMP" -type f \( -name '*.rst' -o -name '*.md' -o -name '*.py' \) -print -quit)" ]
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

cleanup() {
    say "stopping"
    [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null || true
}
trap cleanup EXIT INT TERM

command -v sphinx-build >/dev/null || { say "sphinx-build not found (pip install -r docs/requirements.txt)"; exit 1; }

mkdir -p "$BUILD_DIR"
build_docs

python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$BUILD_DIR" \
    >docs/_build/server.log 2>&1 &
SERVER_PID=$!
say "serving $BUILD_DIR on http://$(lan_address):$PORT/ (pid $SERVER_PID)"

if [ "$OPEN_BROWSER" -eq 1 ]; then
    (command -v xdg-open >/dev/null && xdg-open "http://localhost:$PORT/") || true
fi

if [ "$WATCH" -eq 0 ]; then
    wait "$SERVER_PID"
    exit 0
fi

while kill -0 "$SERVER_PID" 2>/dev/null; do
    if sources_changed; then
        build_docs
    fi
    sleep 2
done
say "server exited; see docs/_build/server.log"
