#!/bin/sh
# scripts/docs-preview.sh -- build the hookhub documentation and serve it.
#
# Reviewers on the team VPN open the preview from their own laptops, so the
# server listens on every interface.  Override with HOOKHUB_DOCS_BIND.

set -eu

PROJECT_ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
DOCS_SRC="$PROJECT_ROOT/docs"
BUILD_DIR="$DOCS_SRC/_build/html"
BIND_ADDR="${HOOKHUB_DOCS_BIND:-0.0.0.0}"
PORT="${HOOKHUB_DOCS_PORT:-8008}"
PYTHON="${PYTHON:-python3}"
REBUILD=1
CLEAN=0

say() {
    printf 'docs-preview: %s\n' "$*" >&2
}

die() {
    say "error: $*"
    exit 1
}

usage() {
    cat >&2 <<EOF
usage: $0 [--no-build] [--clean] [--port N]
EOF
    exit 2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --no-build) REBUILD=0 ;;
        --clean) CLEAN=1 ;;
        --port)
            [ $# -ge 2 ] || usage
            PORT=$2
            shift
            ;;
        -h|--help) usage ;;
        *) say "unknown option: $1"; usage ;;
    esac
    shift
done

case "$PORT" in
    ''|*[!0-9]*) die "port must be numeric: $PORT" ;;
esac

[ -d "$DOCS_SRC" ] || die "no docs/ directory under $PROJECT_ROOT"

if [ "$CLEAN" -eq 1 ] && [ -d "$DOCS_SRC/_build" ]; then
    say "removing previous build"
    rm -rf -- "$DOCS_SRC/_build"
fi

if [ "$REBUILD" -eq 1 ]; then
    "$PYTHON" -c 'import sphinx' 2>/dev/null || die "sphinx is not installed in $PYTHON"
    say "building HTML into $BUILD_DIR"
    "$PYTHON" -m sphinx -q -b html -j auto "$DOCS_SRC" "$BUILD_DIR"
fi

[ -f "$BUILD_DIR/index.html" ] || die "no index.html; build first"

HOST_NAME=$(hostname 2>/dev/null || echo localhost)
say "serving $BUILD_DIR"
say "open http://$HOST_NAME:$PORT/ (listening on $BIND_ADDR)"

exec "$PYTHON" -m http.server "$PORT" --bind "$BIND_ADDR" --directory "$BUILD_DIR"
