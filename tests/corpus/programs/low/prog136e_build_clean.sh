#!/usr/bin/env bash
# Clean and rebuild the rider-app backend bundle.
#
# Removes this repo's own build outputs and caches, records a small build
# info file (OS release, CPU model) and checks that the staging health
# endpoint answers before we hand the bundle to the deploy job.

set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD_DIR="${PROJECT_ROOT}/build"
DIST_DIR="${PROJECT_ROOT}/dist"
CACHE_DIRS=(".pytest_cache" ".mypy_cache" "node_modules/.cache")
HEALTH_URL="${HEALTH_URL:-https://staging.example.com/healthz}"
KEEP_DIST=0

usage() {
    echo "usage: $0 [--keep-dist] [--health-url URL]" >&2
    exit 2
}

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-dist) KEEP_DIST=1; shift ;;
        --health-url) HEALTH_URL="$2"; shift 2 ;;
        -h|--help) usage ;;
        *) usage ;;
    esac
done

cd "$PROJECT_ROOT"

clean_outputs() {
    log "removing build outputs under ${PROJECT_ROOT}"
    rm -rf -- "$BUILD_DIR"
    if [[ $KEEP_DIST -eq 0 ]]; then
        rm -rf -- "$DIST_DIR"
    fi
    for d in "${CACHE_DIRS[@]}"; do
        [[ -d "$d" ]] && rm -rf -- "./$d" && log "cleared $d"
    done
    # stale bytecode from the python services
    find . -path ./venv -prune -o -name '__pycache__' -type d -print0 \
        | xargs -0 -r rm -rf --
}

write_build_info() {
    mkdir -p "$BUILD_DIR"
    local os_name cpu_model commit
    os_name="unknown"
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        os_name="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
    fi
    cpu_model="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //')"
    commit="$(git rev-parse --short HEAD 2>/dev/null || echo nogit)"
    {
        echo "commit=${commit}"
        echo "os=${os_name}"
        echo "cpu=${cpu_model:-unknown}"
        echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    } > "$BUILD_DIR/BUILD_INFO"
    # base64 copy is embedded in the app's /about page
    base64 -w0 "$BUILD_DIR/BUILD_INFO" > "$BUILD_DIR/build_info.b64"
    chmod 0600 "$BUILD_DIR/BUILD_INFO"
}

bundle() {
    log "bundling backend"
    mkdir -p "$DIST_DIR"
    tar -czf "$DIST_DIR/rider-backend.tar.gz" \
        --exclude='*.pyc' --exclude='./build' --exclude='./dist' \
        app/ config/defaults.yaml requirements.txt
    cp "$BUILD_DIR/BUILD_INFO" "$DIST_DIR/"
}

check_staging() {
    log "checking ${HEALTH_URL}"
    if curl -fsS --max-time 10 -o /dev/null "$HEALTH_URL"; then
        log "staging healthy"
    else
        log "staging health check failed; deploy job will retry"
    fi
}

clean_outputs
write_build_info
bundle
check_staging
log "done: $(du -h "$DIST_DIR/rider-backend.tar.gz" | cut -f1)"
