#!/usr/bin/env bash
# Cleans build output and caches in the exhibit-app project before a
# release build, and prints cache keys for the dependency manifests so the
# build box can tell whether the vendored wheels need refreshing.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEEP=0
QUIET=0

usage() {
    echo "Usage: $0 [--deep] [--quiet]"
    echo "  --deep   also remove the local wheel cache and node_modules"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --deep) DEEP=1 ;;
        --quiet) QUIET=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

say() { (( QUIET )) || echo "clean: $*"; }

# directories produced by our own build, relative to the project
BUILD_DIRS=(build dist .pytest_cache .mypy_cache htmlcov exhibit_app.egg-info)
DEEP_DIRS=(.wheelhouse node_modules .cache)

remove_dir() {
    local rel="$1"
    local target="${PROJECT_ROOT}/${rel}"
    case "$target" in
        "$PROJECT_ROOT"/?*) ;;
        *) say "refusing to remove $target"; return 1 ;;
    esac
    if [[ -d "$target" ]]; then
        rm -rf -- "$target"
        say "removed $rel"
    fi
}

sweep_bytecode() {
    local n
    n=$(find "$PROJECT_ROOT" -path "$PROJECT_ROOT/.git" -prune -o \
            -type d -name __pycache__ -print | wc -l)
    find "$PROJECT_ROOT" -path "$PROJECT_ROOT/.git" -prune -o \
        -type d -name __pycache__ -exec rm -rf -- {} +
    find "$PROJECT_ROOT" -path "$PROJECT_ROOT/.git" -prune -o \
        -type f -name '*.py[co]' -delete
    say "swept ${n} __pycache__ folder(s)"
}

cache_keys() {
    local f
    for f in requirements.txt requirements-dev.txt package-lock.json; do
        [[ -f "$PROJECT_ROOT/$f" ]] || continue
        printf '%s  %s\n' "$(md5sum < "$PROJECT_ROOT/$f" | cut -d' ' -f1)" "$f"
    done > "$PROJECT_ROOT/.cache-keys"
    chmod 600 "$PROJECT_ROOT/.cache-keys"
    (( QUIET )) || cat "$PROJECT_ROOT/.cache-keys"
}

main() {
    local d
    for d in "${BUILD_DIRS[@]}"; do
        remove_dir "$d"
    done
    if (( DEEP )); then
        for d in "${DEEP_DIRS[@]}"; do
            remove_dir "$d"
        done
    fi
    sweep_bytecode
    cache_keys
    say "project tree clean"
}

main
