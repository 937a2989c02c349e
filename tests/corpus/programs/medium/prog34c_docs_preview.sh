#!/usr/bin/env bash
# docs_preview.sh - build the Sphinx docs and serve them for review.
#
# `make docs-preview` calls this so reviewers on the office network can open
# http://<your-host>:8000/ from their own machines while you edit.

set -euo pipefail

SRC_DIR="${DOCS_SRC:-docs}"
OUT_DIR="${DOCS_OUT:-docs/_build/html}"
PORT="${DOCS_PORT:-8000}"
BIND_ADDR="0.0.0.0"
WATCH=0
OPEN_BROWSER=0

die() { echo "docs_preview: $*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $0 [-p PORT] [-w] [-o]
  -p PORT  port to serve on (default $PORT)
  -w       rebuild when files in $SRC_DIR change (needs inotifywait)
  -o       open a browser once the server is up
EOF
}

while getopts "p:woh" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        w) WATCH=1 ;;
        o) OPEN_BROWSER=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -d "$SRC_DIR" ] || die "no $SRC_DIR directory here"
command -v sphinx-build >/dev/null || die "sphinx-build not found (pip install -r docs/requirements.txt)"

build_docs() {
    echo "==> building docs"
    sphinx-build -q -b html -j auto "$SRC_DIR" "$OUT_DIR" || {
        echo "!! build failed, keeping previous output" >&2
        return 1
    }
    date '+built %H:%M:%S' > "$OUT_DIR/.last-build"
}

build_docs || true

SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID"
    fi
}
trap cleanup EXIT INT TERM

python3 -m http.server "$PORT" --bind "$BIND_ADDR" --directory "$OUT_DIR" \
    > docs-preview.log 2>&1 &
SERVER_PID=$!
sleep 1
kill -0 "$SERVER_PID" 2>/dev/null || die "server failed to start, see docs-preview.log"

HOST_IP="$(hostname -I 2>/dev/null | awk '{print $1}')"
echo "==> serving $OUT_DIR on http://${HOST_IP:-localhost}:$PORT/ (Ctrl-C to stop)"

if [ "$OPEN_BROWSER" -eq 1 ]; then
    if command -v xdg-open >/dev/null; then
        xdg-open "http://localhost:$PORT/" >/dev/null 2>&1 || true
    elif command -v open >/dev/null; then
        open "http://localhost:$PORT/" || true
    fi
fi

if [ "$WATCH" -eq 1 ]; then
    command -v inotifywait >/dev/null || die "inotifywait not installed (inotify-tools)"
    while inotifywait -qq -r -e modify,create,delete,move \
            --exclude '/_build/' "$SRC_DIR"; do
        sleep 0.3
        build_docs || true
    done
else
    wait "$SERVER_PID"
fi
