#!/usr/bin/env bash
# Clean and check the pilot dispatch web app checkout.
#
# Removes build output and caches from this checkout, rebuilds the static
# bundle if asked, and checks that the staging dispatch endpoint answers.
# Usage: ./build_clean.sh [--rebuild] [--check-only]

set -euo pipefail

ROOT="$(cd "$(dirname "$0")" && pwd)"
STAGING_URL="${STAGING_URL:-https://dispatch-staging.example.com/health}"
REBUILD=0
CHECK_ONLY=0

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

for arg in "$@"; do
    case "$arg" in
        --rebuild) REBUILD=1 ;;
        --check-only) CHECK_ONLY=1 ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "unknown option $arg"; exit 1 ;;
    esac
done

# only ever delete inside this checkout
clean_dir() {
    local rel="$1"
    local target="$ROOT/$rel"
    case "$target" in
        "$ROOT"/?*) ;;
        *) log "refusing to clean $target"; return 1 ;;
    esac
    if [ -e "$target" ]; then
        rm -rf -- "$target"
        log "removed $rel"
    fi
}

clean() {
    for d in build dist .cache .pytest_cache node_modules/.cache coverage; do
        clean_dir "$d"
    done
    find "$ROOT" -type d -name '__pycache__' -prune -exec rm -rf {} + 2>/dev/null || true
    find "$ROOT" -type f -name '*.pyc' -delete 2>/dev/null || true
}

rebuild() {
    mkdir -p "$ROOT/build"
    if [ -f "$ROOT/package.json" ] && command -v npm >/dev/null 2>&1; then
        (cd "$ROOT" && npm run --silent build)
    else
        cp -r "$ROOT/static/." "$ROOT/build/" 2>/dev/null || true
    fi
    log "bundle built in build/"
}

check_staging() {
    local code
    code=$(curl -s -o /dev/null -I -w '%{http_code}' --max-time 8 "$STAGING_URL" || echo 000)
    if [ "$code" = "200" ]; then
        log "staging healthy ($STAGING_URL)"
    else
        log "staging returned $code"
        return 1
    fi
}

if [ "$CHECK_ONLY" -eq 0 ]; then
    clean
    [ "$REBUILD" -eq 1 ] && rebuild
fi
check_staging || log "continuing despite staging check"
log "done"
