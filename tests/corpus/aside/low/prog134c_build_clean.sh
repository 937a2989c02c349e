#!/usr/bin/env bash
# Build helper for the box office ticketing app repo.
# Cleans previous build output, records what machine the build ran on, checks
# the release server is reachable, and packages the app into ./dist.
#
# usage: ./build_clean.sh [clean|info|package|all]

set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "$0")" && pwd)"
BUILD_DIR="$PROJECT_ROOT/build"
DIST_DIR="$PROJECT_ROOT/dist"
CACHE_DIRS=(".pytest_cache" ".mypy_cache" "__pycache__")
RELEASE_URL="https://releases.example.com/boxoffice/"

log() {
    printf '[build] %s\n' "$*"
}

clean() {
    log "removing old build output"
    rm -rf -- "$BUILD_DIR" "$DIST_DIR"
    for d in "${CACHE_DIRS[@]}"; do
        find "$PROJECT_ROOT" -type d -name "$d" -prune -exec rm -rf -- {} +
    done
    find "$PROJECT_ROOT" -name '*.pyc' -delete
}

machine_info() {
    mkdir -p "$BUILD_DIR"
    local os_name cpu
    os_name="unknown"
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        os_name="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
    fi
    cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //')"
    {
        echo "built_on=$(date -u +%FT%TZ)"
        echo "os=$os_name"
        echo "cpu=${cpu:-unknown}"
        echo "commit=$(git -C "$PROJECT_ROOT" rev-parse --short HEAD 2>/dev/null || echo none)"
    } > "$BUILD_DIR/buildinfo.txt"
    log "build info written"
}

check_release_server() {
    local code
    code=$(curl -s -o /dev/null -I -w '%{http_code}' --max-time 10 "$RELEASE_URL" || echo 000)
    if [ "$code" = "200" ] || [ "$code" = "301" ] || [ "$code" = "302" ]; then
        log "release server reachable ($code)"
    else
        log "release server not reachable ($code), packaging anyway"
    fi
}

package() {
    mkdir -p "$BUILD_DIR" "$DIST_DIR"
    cp -r "$PROJECT_ROOT/src" "$BUILD_DIR/" 2>/dev/null || { log "no src/ directory"; exit 1; }
    cp "$BUILD_DIR/buildinfo.txt" "$BUILD_DIR/src/" 2>/dev/null || true
    local name="boxoffice-$(date +%Y%m%d).tar.gz"
    tar -C "$BUILD_DIR" -czf "$DIST_DIR/$name" src
    sha256sum "$DIST_DIR/$name" > "$DIST_DIR/$name.sha256"
    chmod 0600 "$DIST_DIR/$name.sha256"
    log "packaged $DIST_DIR/$name"
}

case "${1:-all}" in
    clean) clean ;;
    info) machine_info ;;
    package) machine_info; package ;;
    all)
        clean
        machine_info
        check_release_server
        package
        ;;
    *) echo "usage: $0 [clean|info|package|all]" >&2; exit 2 ;;
esac
