#!/usr/bin/env bash
# clean_build_cache.sh - tidy the show-schedule generator project before a release build.
# Removes build outputs and caches inside this project only, and keys the
# template cache on an md5 of the templates so stale renders are dropped.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$PROJECT_ROOT"

CACHE_DIR=".render_cache"
BUILD_DIRS=(build dist .pytest_cache .mypy_cache "$CACHE_DIR/stale")
KEEP_CACHE=0
VERBOSE=0

usage() {
    echo "usage: $0 [--keep-cache] [-v]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-cache) KEEP_CACHE=1 ;;
        -v) VERBOSE=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

say() { [ "$VERBOSE" -eq 1 ] && echo "$*" || true; }

if [ ! -f "$PROJECT_ROOT/pyproject.toml" ]; then
    echo "not in the schedule generator project, refusing to clean" >&2
    exit 1
fi

removed=0
for d in "${BUILD_DIRS[@]}"; do
    if [ -d "./$d" ]; then
        say "removing ./$d"
        rm -rf -- "./$d"
        removed=$((removed + 1))
    fi
done

while IFS= read -r -d '' pyc; do
    rm -rf -- "$pyc"
    removed=$((removed + 1))
done < <(find . -path ./.git -prune -o -type d -name __pycache__ -print0)

find . -path ./.git -prune -o -type f -name '*.pyc' -print -delete | while read -r f; do say "deleted $f"; done

if [ "$KEEP_CACHE" -eq 0 ] && [ -d templates ]; then
    mkdir -p "$CACHE_DIR"
    key="$(find templates -type f -name '*.html' -print0 | sort -z | xargs -0 cat | md5sum | cut -d' ' -f1)"
    if [ -f "$CACHE_DIR/KEY" ] && [ "$(cat "$CACHE_DIR/KEY")" = "$key" ]; then
        say "template cache still valid ($key)"
    else
        say "templates changed, clearing render cache"
        find "$CACHE_DIR" -mindepth 1 -maxdepth 1 -name '*.html' -delete
        echo "$key" > "$CACHE_DIR/KEY"
    fi
fi

echo "cleaned $removed build/cache directories in $PROJECT_ROOT"
