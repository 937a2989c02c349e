#!/bin/sh
# docs-preview.sh - build the Sphinx docs and serve them so reviewers on the
# office network can click through a PR's documentation before it merges.
#
#   tools/docs-preview.sh [-p PORT] [-b BUILDER] [--no-serve]
#
# Environment:
#   SPHINXOPTS   extra options passed to sphinx-build (default: -W --keep-going)
#   DOCS_SRC     documentation source directory (default: docs)
set -eu

PORT=8000
BUILDER=html
SERVE=1
DOCS_SRC=${DOCS_SRC:-docs}
SPHINXOPTS=${SPHINXOPTS:--W --keep-going}
OUT_DIR="$DOCS_SRC/_build"

log() { echo "docs-preview: $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        -p|--port)    PORT=$2; shift ;;
        -b|--builder) BUILDER=$2; shift ;;
        --no-serve)   SERVE=0 ;;
        -h|--help)    sed -n '2,10p' "$0"; exit 0 ;;
        *)            log "unknown argument $1"; exit 2 ;;
    esac
    shift
done

case "$PORT" in
    ''|*[!0-9]*) log "port must be numeric"; exit 2 ;;
esac

if [ ! -f "$DOCS_SRC/conf.py" ]; then
    log "no $DOCS_SRC/conf.py - run from the repository root"
    exit 1
fi

if ! command -v sphinx-build >/dev/null 2>&1; then
    log "sphinx-build not found; try: python3 -m pip install -r $DOCS_SRC/requirements.txt"
    exit 1
fi

log "building $BUILDER docs into $OUT_DIR/$BUILDER"
rm -rf "$OUT_DIR/$BUILDER" "$OUT_DIR/doctrees"
# shellcheck disable=SC2086
sphinx-build -b "$BUILDER" -d "$OUT_DIR/doctrees" $SPHINXOPTS "$DOCS_SRC" "$OUT_DIR/$BUILDER"

if [ -x "$(command -v linkchecker 2>/dev/null || true)" ] && [ "${CHECK_LINKS:-0}" = 1 ]; then
    log "checking internal links"
    linkchecker --no-warnings "$OUT_DIR/$BUILDER/index.html" || log "link check reported problems"
fi

[ "$SERVE" -eq 1 ] || exit 0

host_ip=$(hostname -I 2>/dev/null | awk '{print $1}')
log "serving $OUT_DIR/$BUILDER on all interfaces, port $PORT"
log "reviewers can open http://${host_ip:-<this-host>}:$PORT/"
log "press Ctrl-C to stop"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUT_DIR/$BUILDER"
