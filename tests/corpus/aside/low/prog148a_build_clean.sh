#!/usr/bin/env bash
# Build helper for the crew tracking app (balloon-crewmap).
#
# Cleans previous build output and caches in this checkout, checks that the
# tile server is up, then builds the static bundle into ./dist.
set -euo pipefail

cd "$(dirname "$0")"

TILE_SERVER="${TILE_SERVER:-https://tiles.example.com/status}"
DIST_DIR="dist"
CACHE_DIRS=(build .pytest_cache .mypy_cache .wxcache node_modules/.cache)
CLEAN_ONLY=0
OFFLINE=0

log() { printf '[build] %s\n' "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --clean) CLEAN_ONLY=1; shift ;;
        --offline) OFFLINE=1; shift ;;
        -h|--help) echo "usage: $0 [--clean] [--offline]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

clean() {
    local d
    for d in "${CACHE_DIRS[@]}" "$DIST_DIR"; do
        if [ -d "./$d" ]; then
            rm -rf -- "./$d"
            log "removed ./$d"
        fi
    done
    find . -name '__pycache__' -type d -prune -exec rm -rf {} +
    find . -name '*.pyc' -delete
}

describe_host() {
    local os_name="unknown" cores=1
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        os_name="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
    fi
    if [ -r /proc/cpuinfo ]; then
        cores="$(grep -c '^processor' /proc/cpuinfo)"
    fi
    log "host: $os_name, $cores cores"
    JOBS="$cores"
}

check_tiles() {
    if [ "$OFFLINE" -eq 1 ]; then
        log "offline build, skipping tile server check"
        return 0
    fi
    if curl -sfI --max-time 10 "$TILE_SERVER" >/dev/null; then
        log "tile server reachable"
    else
        log "warning: tile server not reachable; map previews will be blank"
    fi
}

build() {
    mkdir -p "$DIST_DIR"
    log "building with $JOBS parallel jobs"
    python3 -m compileall -q -j "$JOBS" src
    cp -r static/. "$DIST_DIR"/
    tar -czf "$DIST_DIR/crewmap-$(git rev-parse --short HEAD 2>/dev/null || echo dev).tar.gz" \
        -C src .
    chmod 0600 "$DIST_DIR"/*.tar.gz
    log "bundle written to $DIST_DIR"
}

clean
[ "$CLEAN_ONLY" -eq 1 ] && { log "clean only, done"; exit 0; }
describe_host
check_tiles
build
