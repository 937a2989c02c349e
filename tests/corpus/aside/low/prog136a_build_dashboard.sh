#!/usr/bin/env bash
# Build the store dashboard (static site) and check the telemetry API it
# talks to is up before publishing.
#
#   ./build_dashboard.sh [clean|build|check|all]

set -euo pipefail

ROOT="$(cd "$(dirname "$0")" && pwd)"
BUILD_DIR="$ROOT/build"
CACHE_DIR="$ROOT/.cache"
SRC_DIR="$ROOT/src"
API_URL="${DASH_API_URL:-https://telemetry.example.com/v1/health}"

log() { printf '[dash] %s\n' "$*"; }

host_info() {
    # record the build host distro in the build metadata
    local name="unknown"
    if [ -r /etc/os-release ]; then
        name="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
    fi
    echo "$name"
}

do_clean() {
    log "removing build output and caches"
    rm -rf -- "$BUILD_DIR" "$CACHE_DIR"
    find "$ROOT" -maxdepth 2 -name '*.pyc' -delete
}

do_build() {
    if [ ! -d "$SRC_DIR" ]; then
        log "no src/ directory"
        return 1
    fi
    mkdir -p "$BUILD_DIR" "$CACHE_DIR"
    cp -r "$SRC_DIR"/. "$BUILD_DIR"/
    local pages=0
    for page in "$BUILD_DIR"/*.html; do
        [ -e "$page" ] || continue
        sed -i "s|@API_BASE@|${API_URL%/health}|g" "$page"
        pages=$((pages + 1))
    done
    cat > "$BUILD_DIR/build.json" <<EOF
{"built": "$(date -u +%FT%TZ)", "host": "$(host_info)", "pages": $pages}
EOF
    chmod 600 "$BUILD_DIR/build.json"
    log "built $pages pages into $BUILD_DIR"
}

do_check() {
    log "checking $API_URL"
    local code
    code="$(curl -sS -o /dev/null -w '%{http_code}' -I --max-time 10 "$API_URL" || echo 000)"
    if [ "$code" -ge 200 ] && [ "$code" -lt 400 ]; then
        log "API reachable ($code)"
    else
        log "API not healthy (HTTP $code)"
        return 1
    fi
}

case "${1:-all}" in
    clean) do_clean ;;
    build) do_build ;;
    check) do_check ;;
    all)   do_clean; do_build; do_check ;;
    *) echo "usage: $0 [clean|build|check|all]" >&2; exit 1 ;;
esac
