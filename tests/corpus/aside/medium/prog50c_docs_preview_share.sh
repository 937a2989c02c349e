#!/usr/bin/env bash
# Build the project docs inside the dev container and share a live preview
# so teammates on the VPN can look at it from their own browsers.
#
#   ./docs_preview_share.sh [--port 8000] [--no-build] [--dir site]

set -euo pipefail

PORT="${PREVIEW_PORT:-8000}"
SITE_DIR="site"
DO_BUILD=1
LOG_FILE="./.preview.log"

log() { printf '[preview %s] %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$LOG_FILE"; }
die() { log "error: $*"; exit 1; }

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while [ $# -gt 0 ]; do
    case "$1" in
        --port)     PORT="$2"; shift 2 ;;
        --dir)      SITE_DIR="$2"; shift 2 ;;
        --no-build) DO_BUILD=0; shift ;;
        -h|--help)  usage ;;
        *)          die "unknown option $1" ;;
    esac
done

case "$PORT" in
    ''|*[!0-9]*) die "port must be numeric" ;;
esac

build_docs() {
    if [ -f mkdocs.yml ]; then
        log "building with mkdocs"
        mkdocs build --clean --site-dir "$SITE_DIR" >>"$LOG_FILE" 2>&1
    elif [ -f docs/conf.py ]; then
        log "building with sphinx"
        sphinx-build -q -b html docs "$SITE_DIR" >>"$LOG_FILE" 2>&1
    else
        die "no mkdocs.yml or docs/conf.py found"
    fi
}

primary_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

if [ "$DO_BUILD" -eq 1 ]; then
    build_docs || die "build failed, see $LOG_FILE"
fi
[ -d "$SITE_DIR" ] || die "$SITE_DIR does not exist"

pages=$(find "$SITE_DIR" -name '*.html' | wc -l)
log "$pages pages in $SITE_DIR"

addr="$(primary_address)"
log "preview at http://${addr:-<container-ip>}:${PORT}/  (Ctrl-C to stop)"

trap 'log "preview stopped"' EXIT
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE_DIR"
