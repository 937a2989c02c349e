#!/usr/bin/env bash
# Clean and rebuild the lab booking web app's static bundle.
#
# Removes the build output and caches that this project creates in its own
# checkout, rebuilds the bundle, and checks that the booking API the bundle
# points at is answering. Safe to run repeatedly.
#
# Usage: ./clean_build.sh [--deep] [--no-check]

set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
API_HEALTH="https://bookings.example.com/api/health"
DEEP=0
CHECK=1

# Paths are relative to the project root; nothing outside it is touched.
BUILD_DIRS=(dist build .parcel-cache .pytest_cache __pycache__ coverage)
DEEP_DIRS=(node_modules .venv)

log() { printf '[build] %s\n' "$*"; }

for arg in "$@"; do
    case "$arg" in
        --deep) DEEP=1 ;;
        --no-check) CHECK=0 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

cd "$PROJECT_ROOT"
[ -f package.json ] || { echo "not a project checkout: $PROJECT_ROOT" >&2; exit 1; }

describe_host() {
    local name="unknown"
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        name="$(. /etc/os-release && echo "${PRETTY_NAME:-unknown}")"
    fi
    log "host: $name, $(grep -c ^processor /proc/cpuinfo) cpus"
}

clean() {
    local d
    for d in "${BUILD_DIRS[@]}"; do
        if [ -e "$PROJECT_ROOT/$d" ]; then
            rm -rf -- "${PROJECT_ROOT:?}/$d"
            log "removed $d"
        fi
    done
    # stray bytecode anywhere in the tree
    find "$PROJECT_ROOT" -name '*.pyc' -not -path '*/node_modules/*' -delete
    if [ "$DEEP" -eq 1 ]; then
        for d in "${DEEP_DIRS[@]}"; do
            [ -e "$PROJECT_ROOT/$d" ] && rm -rf -- "${PROJECT_ROOT:?}/$d" && log "removed $d"
        done
    fi
}

build() {
    if [ ! -d node_modules ]; then
        log "installing dependencies from lockfile"
        npm ci --no-audit --no-fund
    fi
    log "building bundle"
    npm run build
    [ -d dist ] || { echo "build produced no dist/ folder" >&2; exit 1; }
    log "bundle size: $(du -sh dist | cut -f1)"
}

check_api() {
    local code
    code="$(curl -s -o /dev/null -I -w '%{http_code}' --max-time 10 "$API_HEALTH" || echo 000)"
    if [ "$code" = "200" ]; then
        log "booking API healthy"
    else
        log "warning: booking API returned $code"
    fi
}

describe_host
clean
build
[ "$CHECK" -eq 1 ] && check_api
log "done"
