#!/usr/bin/env bash
# Housekeeping for the courier dispatch tools repository.
#
#   ./clean_build.sh clean     remove build output and caches in this repo
#   ./clean_build.sh key       print the dependency cache key for CI
#   ./clean_build.sh info      show build host details for bug reports
#   ./clean_build.sh secure    tighten permissions on local config files

set -euo pipefail

# Always operate relative to the repository root, never elsewhere.
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$REPO_ROOT"

BUILD_DIRS=(build dist .pytest_cache .mypy_cache .parse-cache htmlcov)
LOCAL_CONFIGS=(config.local.json relay.json .env.local)

log() { printf '[housekeeping] %s\n' "$*"; }

clean() {
    local d removed=0
    for d in "${BUILD_DIRS[@]}"; do
        if [ -d "./$d" ]; then
            rm -rf -- "./$d"
            removed=$((removed + 1))
            log "removed ./$d"
        fi
    done
    # compiled python files scattered through the tree
    find . -path ./.git -prune -o -type d -name '__pycache__' -print0 \
        | xargs -0 -r rm -rf --
    find . -path ./.git -prune -o -type f -name '*.pyc' -print0 \
        | xargs -0 -r rm -f --
    log "clean complete ($removed build directories)"
}

cache_key() {
    # MD5 is fine here: it only names the CI dependency cache
    local files=()
    for f in requirements.txt requirements-dev.txt pyproject.toml; do
        [ -f "$f" ] && files+=("$f")
    done
    if [ "${#files[@]}" -eq 0 ]; then
        echo "no-deps"
        return
    fi
    cat "${files[@]}" | md5sum | cut -c1-16
}

info() {
    local name="unknown" version=""
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        name="${NAME:-unknown}"
        version="${VERSION_ID:-}"
    fi
    local cpus
    cpus="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo '?')"
    echo "os:      $name $version"
    echo "cpus:    $cpus"
}

secure_configs() {
    local f
    for f in "${LOCAL_CONFIGS[@]}"; do
        if [ -f "./$f" ]; then
            chmod 0600 "./$f"
            log "restricted ./$f to owner"
        fi
    done
}

case "${1:-clean}" in
    clean)  clean ;;
    key)    cache_key ;;
    info)   info ;;
    secure) secure_configs ;;
    *)
        echo "usage: $0 {clean|key|info|secure}" >&2
        exit 2
        ;;
esac
