#!/usr/bin/env bash
# Clean and package the kiosk ticket-screen project in the current directory.
# Usage: prog205b_build_clean.sh [clean|package|all] [-n]
set -euo pipefail

ACTION="${1:-all}"
DRY_RUN=0
[[ "${2:-}" == "-n" ]] && DRY_RUN=1

PROJECT_DIR="$(pwd)"
DIST_DIR="${PROJECT_DIR}/dist"
CONFIG_FILE="${PROJECT_DIR}/kiosk.local.ini"
BUILD_DIRS=(build dist .pytest_cache .mypy_cache)

log() { printf '[build] %s\n' "$*"; }

remove() {
    local target="$1"
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove $target"
    else
        rm -rf -- "$target"
        log "removed $target"
    fi
}

do_clean() {
    local d
    for d in "${BUILD_DIRS[@]}"; do
        [[ -e "$PROJECT_DIR/$d" ]] && remove "$PROJECT_DIR/$d"
    done
    while IFS= read -r -d '' cache; do
        remove "$cache"
    done < <(find "$PROJECT_DIR" -type d -name '__pycache__' -print0)
    find "$PROJECT_DIR" -type f -name '*.pyc' -print0 | while IFS= read -r -d '' f; do
        remove "$f"
    done
}

protect_config() {
    if [[ -f "$CONFIG_FILE" ]]; then
        chmod 0600 "$CONFIG_FILE"
        log "local config permissions tightened"
    fi
}

do_package() {
    local version stamp archive
    version="$(cat VERSION 2>/dev/null || echo 0.0.0)"
    stamp="$(date +%Y%m%d)"
    archive="${DIST_DIR}/ticket-screen-${version}-${stamp}.tar.gz"
    mkdir -p "$DIST_DIR"
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would create $archive"
        return 0
    fi
    tar --exclude='./dist' --exclude='./.git' --exclude='*.local.ini' \
        -czf "$archive" -C "$PROJECT_DIR" .
    sha256sum "$archive" > "${archive}.sha256"
    log "packaged $archive"
}

case "$ACTION" in
    clean)   do_clean ;;
    package) protect_config; do_package ;;
    all)     do_clean; protect_config; do_package ;;
    *)       echo "usage: $0 [clean|package|all] [-n]" >&2; exit 2 ;;
esac
