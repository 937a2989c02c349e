#!/usr/bin/env bash
# docs-preview: build the docs and serve them so reviewers on the VPN (or
# your phone on the office wifi) can look at the rendered pages.
#
# Usage: scripts/docs-preview.sh [-p port] [--no-build] [--watch]
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
PORT="${DOCS_PORT:-8000}"
SITE_DIR="$ROOT/site"
BUILD=1
WATCH=0
SERVER_PID=""

msg() { echo "docs-preview: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p|--port) PORT="$2"; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --watch) WATCH=1; shift ;;
        -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
        *) msg "unknown option $1"; exit 2 ;;
    esac
done

detect_builder() {
    if [[ -f "$ROOT/mkdocs.yml" ]]; then
        echo mkdocs
    elif [[ -f "$ROOT/docs/conf.py" ]]; then
        echo sphinx
    else
        echo none
    fi
}

build_docs() {
    case "$(detect_builder)" in
        mkdocs) (cd "$ROOT" && mkdocs build --quiet --site-dir "$SITE_DIR") ;;
        sphinx) sphinx-build -q -b html "$ROOT/docs" "$SITE_DIR" ;;
        none) msg "no mkdocs.yml or docs/conf.py found"; return 1 ;;
    esac
    msg "built into ${SITE_DIR#$ROOT/}"
}

lan_addresses() {
    hostname -I 2>/dev/null | tr ' ' '\n' | grep -E '^[0-9]+\.' || true
}

stop_server() {
    [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null || true
}
trap stop_server EXIT INT TERM

start_server() {
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE_DIR" \
        >"$ROOT/.docs-preview.log" 2>&1 &
    SERVER_PID=$!
    sleep 0.5
    kill -0 "$SERVER_PID" 2>/dev/null || { msg "server failed, see .docs-preview.log"; exit 1; }
    msg "serving on:"
    echo "    http://localhost:$PORT/" >&2
    local ip
    for ip in $(lan_addresses); do echo "    http://$ip:$PORT/" >&2; done
}

watch_loop() {
    local last now
    last="$(find "$ROOT/docs" -type f -newer "$SITE_DIR" 2>/dev/null | head -n1)"
    while sleep 2; do
        now="$(find "$ROOT/docs" -type f -newer "$SITE_DIR/index.html" 2>/dev/null | head -n1)"
        if [[ -n "$now" && "$now" != "$last" ]]; then
            msg "change in ${now#$ROOT/}, rebuilding"
            build_docs || msg "build failed, keeping previous pages"
            last="$now"
        fi
    done
}

(( BUILD )) && build_docs
[[ -d "$SITE_DIR" ]] || { msg "$SITE_DIR does not exist; run without --no-build"; exit 1; }
start_server
if (( WATCH )); then
    watch_loop
else
    wait "$SERVER_PID"
fi
