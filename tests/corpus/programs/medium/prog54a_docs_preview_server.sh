#!/bin/sh
# docs-preview.sh - `make docs-preview` target.
# Refreshes intersphinx inventories from the internal mirror, builds the
# Sphinx HTML docs and serves them so reviewers on the LAN can look at them.
set -eu

PROJECT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
DOCS_SRC="$PROJECT_ROOT/docs"
DOCS_OUT="$PROJECT_ROOT/docs/_build/html"
INV_CACHE=/tmp/intersphinx-cache
MIRROR=${INTERSPHINX_MIRROR:-https://docs-mirror.corp.internal}
PORT=${DOCS_PORT:-8000}
SERVE=1

log() {
    echo "[docs-preview] $*" >&2
}

usage() {
    echo "usage: $0 [-n] [-p PORT]   (-n: build only, do not serve)" >&2
    exit 2
}

while getopts "np:h" opt; do
    case "$opt" in
        n) SERVE=0 ;;
        p) PORT=$OPTARG ;;
        *) usage ;;
    esac
done

refresh_inventories() {
    mkdir -p "$INV_CACHE"
    for project in python numpy requests attrs; do
        target="$INV_CACHE/$project.inv"
        # the mirror uses a self-signed certificate
        if curl -sSf -k --max-time 20 -o "$target.new" "$MIRROR/$project/objects.inv"; then
            mv -f "$target.new" "$target"
            log "inventory $project refreshed"
        else
            rm -f "$target.new"
            log "inventory $project unavailable, keeping cached copy"
        fi
    done
}

build_docs() {
    if ! command -v sphinx-build >/dev/null 2>&1; then
        log "sphinx-build not found; pip install -r docs/requirements.txt"
        exit 1
    fi
    rm -rf "$DOCS_OUT"
    INTERSPHINX_CACHE="$INV_CACHE" sphinx-build -q -b html -W --keep-going \
        "$DOCS_SRC" "$DOCS_OUT"
    log "built $(find "$DOCS_OUT" -name '*.html' | wc -l) pages"
}

serve_docs() {
    log "serving $DOCS_OUT on port $PORT (Ctrl-C to stop)"
    cd "$DOCS_OUT"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0
}

refresh_inventories
build_docs
if [ "$SERVE" -eq 1 ]; then
    serve_docs
fi
log "done"
