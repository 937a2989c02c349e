#!/usr/bin/env bash
# Build the MkDocs site for a pull request and serve it so reviewers on the
# office network can click through the rendered docs before merging.
#
#   ./docs_preview.sh            build + serve on :8000
#   ./docs_preview.sh -p 9000    another port
#   ./docs_preview.sh -b         build only
set -eu

PORT=8000
BUILD_ONLY=false
SITE_DIR="site"
CONFIG="mkdocs.yml"
VENV=".venv-docs"

msg() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        -p|--port) PORT="$2"; shift 2 ;;
        -b|--build-only) BUILD_ONLY=true; shift ;;
        -c|--config) CONFIG="$2"; shift 2 ;;
        -h|--help)
            sed -n '2,8p' "$0"; exit 0 ;;
        *) warn "unknown option $1"; exit 2 ;;
    esac
done

[ -f "$CONFIG" ] || { warn "no $CONFIG in $(pwd)"; exit 1; }

ensure_tools() {
    if [ ! -x "$VENV/bin/mkdocs" ]; then
        msg "creating docs virtualenv in $VENV"
        python3 -m venv "$VENV"
        "$VENV/bin/pip" install --quiet --upgrade pip
        if [ -f docs/requirements.txt ]; then
            "$VENV/bin/pip" install --quiet -r docs/requirements.txt
        else
            "$VENV/bin/pip" install --quiet mkdocs mkdocs-material
        fi
    fi
}

build_site() {
    msg "building docs with $CONFIG"
    rm -rf "$SITE_DIR"
    "$VENV/bin/mkdocs" build --strict --config-file "$CONFIG" --site-dir "$SITE_DIR"
    pages=$(find "$SITE_DIR" -name '*.html' | wc -l)
    msg "built $pages HTML pages"
}

annotate_build() {
    rev=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
    branch=$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo detached)
    cat > "$SITE_DIR/_preview.txt" <<EOF
branch: $branch
commit: $rev
built:  $(date -u '+%Y-%m-%d %H:%M UTC')
EOF
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

ensure_tools
build_site
annotate_build

if [ "$BUILD_ONLY" = true ]; then
    msg "build only; output in $SITE_DIR/"
    exit 0
fi

addr=$(lan_address)
msg "serving $SITE_DIR/ for reviewers at http://${addr:-<this-host>}:$PORT/"
msg "press Ctrl-C to stop"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE_DIR"
