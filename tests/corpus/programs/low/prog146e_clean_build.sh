#!/usr/bin/env bash
# Rebuild the pitch-allocation web bundle from a clean tree.
#
# Removes this project's own build output and caches, checks that the
# association site is reachable, then runs the static build into ./build.
# Usage: ./clean_build.sh [--no-check] [--keep-cache]

set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "$0")" && pwd)"
BUILD_DIR="$PROJECT_DIR/build"
CACHE_DIRS=("$PROJECT_DIR/.cache" "$PROJECT_DIR/node_modules/.cache" "$PROJECT_DIR/__pycache__")
SITE_URL="${SITE_URL:-https://www.example.com/market/}"
LOG_FILE="$PROJECT_DIR/build.log"

CHECK_SITE=1
KEEP_CACHE=0

log() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    sed -n '2,7p' "$0"
    exit 1
}

while [ $# -gt 0 ]; do
    case "$1" in
        --no-check) CHECK_SITE=0 ;;
        --keep-cache) KEEP_CACHE=1 ;;
        -h|--help) usage ;;
        *) echo "unknown option: $1" >&2; usage ;;
    esac
    shift
done

describe_host() {
    # Only for the build log, so we know which machine produced a bundle.
    if [ -r /etc/os-release ]; then
        . /etc/os-release
        log "host: ${PRETTY_NAME:-unknown}, $(grep -c ^processor /proc/cpuinfo) cpus"
    fi
}

clean_outputs() {
    # Only ever delete paths inside this project directory.
    case "$BUILD_DIR" in
        "$PROJECT_DIR"/*) ;;
        *) log "refusing to clean $BUILD_DIR"; exit 2 ;;
    esac
    if [ -d "$BUILD_DIR" ]; then
        log "removing old build output"
        rm -rf -- "$BUILD_DIR"
    fi
    if [ "$KEEP_CACHE" -eq 0 ]; then
        for d in "${CACHE_DIRS[@]}"; do
            [ -d "$d" ] && { log "removing cache $d"; rm -rf -- "$d"; }
        done
    fi
}

check_site() {
    local code
    code=$(curl -sS -o /dev/null -I --max-time 10 -w '%{http_code}' "$SITE_URL" || echo 000)
    if [ "$code" != "200" ]; then
        log "warning: $SITE_URL answered $code, links in the bundle may be stale"
    else
        log "site reachable"
    fi
}

build() {
    mkdir -p "$BUILD_DIR"
    log "copying templates and assets"
    cp -r "$PROJECT_DIR/templates/." "$BUILD_DIR/"
    cp -r "$PROJECT_DIR/assets" "$BUILD_DIR/assets"
    log "rendering pitch map"
    python3 "$PROJECT_DIR/render_map.py" --pitches "$PROJECT_DIR/data/pitches.csv" --out "$BUILD_DIR/map.svg"
    find "$BUILD_DIR" -type f | wc -l | xargs -I{} echo "{} files in bundle" | tee -a "$LOG_FILE"
}

main() {
    : > "$LOG_FILE"
    chmod 600 "$LOG_FILE"
    describe_host
    clean_outputs
    [ "$CHECK_SITE" -eq 1 ] && check_site
    build
    log "done"
}

main
