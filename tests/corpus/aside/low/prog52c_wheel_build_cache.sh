#!/usr/bin/env bash
# Build wheels for the project in ./ and keep a content-addressed cache so
# unchanged sources are not rebuilt. Everything lives under the working dir.
set -euo pipefail

PROJECT_DIR="$(pwd)"
BUILD_DIR="${PROJECT_DIR}/build"
DIST_DIR="${PROJECT_DIR}/dist"
CACHE_DIR="${PROJECT_DIR}/.wheelcache"
PYTHON="${PYTHON:-python3}"
VERBOSE=0

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
debug() { [[ "$VERBOSE" -eq 1 ]] && log "debug: $*" || true; }

usage() {
    cat <<USAGE
usage: $0 [-c] [-v] [-h]
  -c   clean build/, dist/ and the wheel cache before building
  -v   verbose
USAGE
}

distro_tag() {
    # Used only to namespace the cache per distribution.
    local id="unknown" ver="0"
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        id="$(. /etc/os-release && echo "${ID:-unknown}")"
        ver="$(. /etc/os-release && echo "${VERSION_ID:-0}")"
    fi
    echo "${id}-${ver}-$(uname -m)"
}

source_key() {
    # MD5 is fine here: it is a cache key, not a security boundary.
    find src pyproject.toml setup.cfg -type f 2>/dev/null \
        | LC_ALL=C sort \
        | xargs -r md5sum \
        | md5sum | cut -d' ' -f1
}

clean() {
    log "cleaning build artefacts"
    rm -rf -- "${BUILD_DIR:?}" "${DIST_DIR:?}" "${CACHE_DIR:?}"
    find "$PROJECT_DIR" -type d -name __pycache__ -prune -exec rm -rf {} +
    find "$PROJECT_DIR" -maxdepth 2 -name '*.egg-info' -prune -exec rm -rf {} +
}

build() {
    local key tag slot
    tag="$(distro_tag)"
    key="$(source_key)"
    slot="${CACHE_DIR}/${tag}/${key}"
    debug "cache slot ${slot}"
    mkdir -p "$DIST_DIR"
    if compgen -G "${slot}/*.whl" >/dev/null; then
        log "cache hit (${key:0:12}), copying wheels"
        cp -- "${slot}"/*.whl "$DIST_DIR"/
        return 0
    fi
    log "cache miss, building"
    "$PYTHON" -m pip wheel --no-deps --wheel-dir "$DIST_DIR" "$PROJECT_DIR"
    mkdir -p "$slot"
    cp -- "$DIST_DIR"/*.whl "$slot"/
    chmod 0600 "$slot"/*.whl
    log "cached $(ls -1 "$slot" | wc -l) wheel(s)"
}

main() {
    local do_clean=0
    while getopts ":cvh" opt; do
        case "$opt" in
            c) do_clean=1 ;;
            v) VERBOSE=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ -f pyproject.toml || -f setup.py ]] || { log "not a python project"; exit 1; }
    [[ "$do_clean" -eq 1 ]] && clean
    build
    log "done: $(ls -1 "$DIST_DIR")"
}

main "$@"
