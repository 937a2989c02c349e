#!/usr/bin/env bash
# Tidy and sanity-check the web-shop static site build.
#
# Removes the previous build output and caches in this project folder,
# records which machine did the build, and checks that the live site and the
# distributor's cover-image CDN answer before we upload a new build.
#
# Usage: ./site_build_tidy.sh [--keep-dist] [--skip-net]

set -euo pipefail

PROJECT_DIR="$(pwd)"
KEEP_DIST=0
SKIP_NET=0
SITE_URL="https://shop.example.com/"
CDN_URL="https://covers.example.net/health"
BUILD_INFO="./build_info.txt"

log() { printf '[tidy] %s\n' "$*"; }

for arg in "$@"; do
    case "$arg" in
        --keep-dist) KEEP_DIST=1 ;;
        --skip-net) SKIP_NET=1 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "unknown option: $arg"; exit 2 ;;
    esac
done

# Only ever touch paths inside the project folder.
safe_remove() {
    local target="$1"
    case "$(realpath -m "$target")" in
        "$PROJECT_DIR"/*) rm -rf -- "$target" ;;
        *) log "refusing to remove $target (outside project)"; return 1 ;;
    esac
}

clean_outputs() {
    local d
    for d in ./build ./.cache ./.parcel-cache ./node_modules/.cache; do
        if [ -e "$d" ]; then
            safe_remove "$d"
            log "removed $d"
        fi
    done
    if [ "$KEEP_DIST" -eq 0 ] && [ -d ./dist ]; then
        safe_remove ./dist
        log "removed ./dist"
    fi
    find . -name '__pycache__' -type d -prune -exec rm -rf {} + 2>/dev/null || true
    find . -name '*.pyc' -delete 2>/dev/null || true
}

record_machine() {
    {
        echo "built_at=$(date -u +%FT%TZ)"
        grep -E '^(PRETTY_NAME|VERSION_ID)=' /etc/os-release 2>/dev/null || true
        echo "cpu_model=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //')"
        echo "cpu_count=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)"
    } > "$BUILD_INFO"
    chmod 600 "$BUILD_INFO"
    log "build info written to $BUILD_INFO"
}

check_url() {
    local url="$1" code
    code=$(curl -s -o /dev/null -I -w '%{http_code}' --max-time 10 "$url" || echo 000)
    if [ "$code" -ge 200 ] && [ "$code" -lt 400 ]; then
        log "$url answered $code"
    else
        log "WARNING: $url answered $code"
        return 1
    fi
}

main() {
    clean_outputs
    record_machine
    if [ "$SKIP_NET" -eq 0 ]; then
        check_url "$SITE_URL" || true
        check_url "$CDN_URL" || true
    fi
    log "ready for a fresh build"
}

main
