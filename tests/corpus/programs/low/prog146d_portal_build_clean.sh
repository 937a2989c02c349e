#!/usr/bin/env bash
# portal_build_clean.sh - clean and rebuild the owner portal's front end.
#
# Removes this project's own build output and stale caches, computes a
# cache key from the lockfile so CI can reuse node_modules, and checks the
# staging portal answers before we upload the new bundle.
#
# Usage: ./portal_build_clean.sh [--deep] [--check-only]

set -euo pipefail

cd "$(dirname "$0")"
PROJECT_DIR="$(pwd)"
BUILD_DIRS=(dist build .parcel-cache coverage)
CACHE_DIR=".cache/portal"
STAGING_URL="https://staging.portal.example.com/healthz"
DEEP=0
CHECK_ONLY=0

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

for arg in "$@"; do
    case "$arg" in
        --deep) DEEP=1 ;;
        --check-only) CHECK_ONLY=1 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) warn "unknown option $arg"; exit 2 ;;
    esac
done

platform_info() {
    # only for the build log
    if [ -r /etc/os-release ]; then
        . /etc/os-release
        info "building on ${PRETTY_NAME:-unknown}"
    fi
    info "cpus: $(grep -c ^processor /proc/cpuinfo 2>/dev/null || echo '?')"
}

clean_outputs() {
    local d
    for d in "${BUILD_DIRS[@]}"; do
        # only ever remove paths inside this project
        if [ -e "$PROJECT_DIR/$d" ]; then
            rm -rf -- "${PROJECT_DIR:?}/$d"
            info "removed $d"
        fi
    done
    if [ "$DEEP" -eq 1 ] && [ -d "$PROJECT_DIR/node_modules" ]; then
        rm -rf -- "${PROJECT_DIR:?}/node_modules"
        info "removed node_modules"
    fi
}

cache_key() {
    if [ -f package-lock.json ]; then
        md5sum package-lock.json | cut -d' ' -f1
    else
        echo "no-lockfile"
    fi
}

check_staging() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$STAGING_URL" || true)"
    if [ "$code" = "200" ]; then
        info "staging portal healthy"
    else
        warn "staging portal answered ${code:-nothing}"
    fi
}

main() {
    platform_info
    local key
    key="$(cache_key)"
    info "dependency cache key: $key"
    mkdir -p "$CACHE_DIR"
    echo "$key" > "$CACHE_DIR/key"

    check_staging
    [ "$CHECK_ONLY" -eq 1 ] && exit 0

    clean_outputs
    if [ ! -d node_modules ]; then
        npm ci --no-audit --no-fund
    fi
    npm run build
    info "bundle ready in dist/ ($(du -sh dist | cut -f1))"
}

main
