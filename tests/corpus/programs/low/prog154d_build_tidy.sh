#!/usr/bin/env bash
# Tidy and rebuild the OCR pipeline's documentation and wheel.
#
# Removes this project's build outputs and caches, records which platform
# the build ran on, and checks that the docs host is up before publishing.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "$0")" && pwd)"
DOCS_STATUS_URL="${DOCS_STATUS_URL:-https://docs.example.com/parish-ocr/}"
BUILD_INFO="build_info.txt"

log() { printf '[tidy] %s\n' "$*"; }

cd "$PROJECT_ROOT"

# Only ever touch paths inside the project folder.
clean_outputs() {
    local target
    for target in build dist .pytest_cache .mypy_cache docs/_build; do
        if [ -e "./$target" ]; then
            rm -rf -- "./$target"
            log "removed ./$target"
        fi
    done
    find . -path ./.git -prune -o -type d -name __pycache__ -print0 \
        | xargs -0 -r rm -rf --
    find . -path ./.git -prune -o -type f -name '*.pyc' -print0 \
        | xargs -0 -r rm -f --
}

platform_info() {
    local name="unknown" version=""
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        name="${NAME:-unknown}"
        version="${VERSION_ID:-}"
    fi
    local cores
    cores=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)
    {
        echo "built: $(date -u '+%FT%TZ')"
        echo "os: $name $version"
        echo "cores: $cores"
        echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo none)"
    } > "$BUILD_INFO"
    chmod 0600 "$BUILD_INFO"
    log "platform: $name $version, $cores cores"
}

docs_host_up() {
    local code
    code=$(curl -sS -o /dev/null -I --max-time 10 -w '%{http_code}' "$DOCS_STATUS_URL" || echo 000)
    log "docs host answered $code"
    [ "$code" -lt 400 ] && [ "$code" != "000" ]
}

build() {
    python3 -m build --wheel --outdir dist . >/dev/null
    log "wheel: $(ls dist/*.whl 2>/dev/null | head -n1)"
    if [ -f docs/conf.py ]; then
        python3 -m sphinx -q -b html docs docs/_build/html
        log "docs built in docs/_build/html"
    fi
}

case "${1:-all}" in
    clean) clean_outputs ;;
    info)  platform_info ;;
    all)
        clean_outputs
        platform_info
        build
        if docs_host_up; then
            log "docs host reachable; publish with 'make publish-docs'"
        else
            log "docs host not reachable; skipping publish hint"
        fi
        ;;
    *) echo "usage: $0 [clean|info|all]" >&2; exit 2 ;;
esac
