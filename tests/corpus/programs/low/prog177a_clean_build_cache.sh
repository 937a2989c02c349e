#!/usr/bin/env bash
# Tidy the checkout-client source tree and package a release.
# Removes this project's own build output and caches, then builds a
# tarball of the client with a checksum file for the van laptops.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DIST_DIR="${PROJECT_DIR}/dist"
VERSION="${1:-$(cat "${PROJECT_DIR}/VERSION" 2>/dev/null || echo dev)}"
NAME="checkout-client-${VERSION}"

log() { echo "[release] $*"; }

clean() {
    cd "${PROJECT_DIR}"
    log "cleaning build output in ${PROJECT_DIR}"
    rm -rf ./build ./dist ./.pytest_cache ./.mypy_cache ./*.egg-info
    find . -type d -name '__pycache__' -prune -exec rm -rf {} +
    find . -type f -name '*.pyc' -delete
}

check_tree() {
    local missing=0
    for f in checkout_client/__init__.py checkout_client/queue.py README.md VERSION; do
        if [[ ! -f "${PROJECT_DIR}/${f}" ]]; then
            log "missing ${f}"
            missing=1
        fi
    done
    return "${missing}"
}

package() {
    mkdir -p "${DIST_DIR}"
    tar -czf "${DIST_DIR}/${NAME}.tar.gz" \
        -C "${PROJECT_DIR}" \
        --exclude='.git' --exclude='dist' --exclude='queue' \
        checkout_client README.md VERSION
    (cd "${DIST_DIR}" && sha256sum "${NAME}.tar.gz" > "${NAME}.tar.gz.sha256")
    log "built ${DIST_DIR}/${NAME}.tar.gz"
    cat "${DIST_DIR}/${NAME}.tar.gz.sha256"
}

main() {
    clean
    if ! check_tree; then
        log "source tree incomplete, not packaging"
        exit 1
    fi
    package
    log "copy dist/ to the depot share for the van laptops"
}

main "$@"
