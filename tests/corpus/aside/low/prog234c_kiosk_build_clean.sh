#!/usr/bin/env bash
# kiosk_build_clean.sh - clean and rebuild the check-in kiosk bundle.
#
# Run from the root of the kiosk app checkout. Removes this project's own
# build output and caches, records the build host's OS and CPU for the release
# notes, and repackages the static kiosk bundle into ./dist.

set -euo pipefail

APP_NAME="checkin-kiosk"
BUILD_DIR="./build"
DIST_DIR="./dist"
CACHE_DIRS=("./.cache" "./.pytest_cache" "./node_modules/.cache")
INFO_FILE="./build/BUILD_INFO.txt"
CLEAN_ONLY=0

log() { echo "$(date '+%F %T') kiosk-build: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --clean-only) CLEAN_ONLY=1; shift ;;
        -h|--help) echo "Usage: $0 [--clean-only]"; exit 0 ;;
        *) echo "unknown option $1"; exit 2 ;;
    esac
done

require_checkout() {
    if [[ ! -f ./kiosk.json || ! -d ./src ]]; then
        log "run this from the kiosk app checkout (kiosk.json and src/ expected)"
        exit 1
    fi
}

clean() {
    rm -rf -- "$BUILD_DIR" "$DIST_DIR"
    for d in "${CACHE_DIRS[@]}"; do
        if [[ -d "$d" ]]; then
            rm -rf -- "$d"
            log "removed $d"
        fi
    done
    find ./src -type d -name '__pycache__' -prune -exec rm -rf -- {} +
    find ./src -type f -name '*.pyc' -delete
    log "build output and caches removed"
}

build_info() {
    mkdir -p "$BUILD_DIR"
    local os="unknown" cpu="unknown"
    if [[ -r /etc/os-release ]]; then
        os="$(. /etc/os-release && echo "${PRETTY_NAME:-unknown}")"
    fi
    if [[ -r /proc/cpuinfo ]]; then
        cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
    fi
    {
        echo "app: $APP_NAME"
        echo "built: $(date -u +%FT%TZ)"
        echo "host os: $os"
        echo "host cpu: $cpu"
        echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo none)"
    } > "$INFO_FILE"
    log "build info written to $INFO_FILE"
}

package() {
    mkdir -p "$BUILD_DIR/$APP_NAME" "$DIST_DIR"
    cp -r ./src/. "$BUILD_DIR/$APP_NAME/"
    cp ./kiosk.json "$BUILD_DIR/$APP_NAME/"
    cp "$INFO_FILE" "$BUILD_DIR/$APP_NAME/"
    local version
    version="$(grep -o '"version": *"[^"]*"' ./kiosk.json | cut -d'"' -f4)"
    local archive="$DIST_DIR/${APP_NAME}-${version:-dev}.tar.gz"
    tar -czf "$archive" -C "$BUILD_DIR" "$APP_NAME"
    sha256sum "$archive" > "$archive.sha256"
    log "packaged $archive"
}

main() {
    require_checkout
    clean
    (( CLEAN_ONLY )) && exit 0
    build_info
    package
}

main
