#!/usr/bin/env bash
# Builds the marketing site and shares the output with reviewers on the
# office network for a quick look before it is published.
#
#   ./prog29b_static_preview_share.sh [-p PORT] [--no-build]
set -euo pipefail

PORT=8000
BUILD=1
SITE_DIR="$(pwd)/public"
PIDFILE="/tmp/site-preview.pid"
STAGING_API="https://staging-api.internal.example.com/v1/ping"

log() { echo "[preview] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p|--port) PORT="$2"; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

stop_previous() {
    if [[ -f "$PIDFILE" ]]; then
        local old
        old="$(cat "$PIDFILE")"
        if kill -0 "$old" 2>/dev/null; then
            log "stopping previous preview (pid $old)"
            kill "$old"
        fi
        rm -f "$PIDFILE"
    fi
}

build_site() {
    if (( BUILD )); then
        log "building site"
        npm run --silent build
    fi
    [[ -f "$SITE_DIR/index.html" ]] || { echo "no index.html in $SITE_DIR" >&2; exit 1; }
}

check_api() {
    # staging uses a self-signed certificate
    if curl -sk --max-time 5 "$STAGING_API" >/dev/null; then
        log "staging API reachable"
    else
        log "warning: staging API not reachable; forms will not submit"
    fi
}

serve() {
    log "serving $SITE_DIR on 0.0.0.0:$PORT"
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE_DIR" &
    echo $! > "$PIDFILE"
    sleep 1
    local ip
    ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    log "share this link: http://${ip:-localhost}:$PORT/"
    wait "$(cat "$PIDFILE")"
}

trap 'rm -f "$PIDFILE"' EXIT
stop_previous
build_site
check_api
serve
