#!/bin/sh
# Clears build output and caches from the rig-logger project checkout so a
# fresh build starts clean. Only touches paths inside the project root.
set -eu

PROJECT_ROOT="$(cd "$(dirname "$0")" && pwd)"
BUILD_DIRS="build dist .pytest_cache .mypy_cache htmlcov"
CACHE_PATTERNS="__pycache__"
FILE_PATTERNS="*.pyc *.pyo .coverage"
DRY_RUN=0

info() {
    printf 'clean: %s\n' "$*"
}

usage() {
    echo "usage: $0 [-n]   (-n shows what would be removed)" >&2
    exit 2
}

check_root() {
    if [ ! -f "$PROJECT_ROOT/pyproject.toml" ]; then
        info "no pyproject.toml in $PROJECT_ROOT, refusing to clean"
        exit 1
    fi
    case "$PROJECT_ROOT" in
        /|"$HOME") info "refusing to clean $PROJECT_ROOT"; exit 1 ;;
    esac
}

remove_path() {
    target="$1"
    case "$target" in
        "$PROJECT_ROOT"/*) ;;
        *) info "skipping $target (outside project)"; return 0 ;;
    esac
    if [ "$DRY_RUN" -eq 1 ]; then
        info "would remove $target"
    else
        rm -rf -- "$target"
        info "removed $target"
    fi
}

clean_dirs() {
    for d in $BUILD_DIRS; do
        [ -e "$PROJECT_ROOT/$d" ] && remove_path "$PROJECT_ROOT/$d"
    done
    for pat in $CACHE_PATTERNS; do
        find "$PROJECT_ROOT" -type d -name "$pat" -not -path '*/.git/*' | while read -r d; do
            remove_path "$d"
        done
    done
    for ei in "$PROJECT_ROOT"/*.egg-info "$PROJECT_ROOT"/src/*.egg-info; do
        [ -e "$ei" ] && remove_path "$ei"
    done
    return 0
}

clean_files() {
    for pat in $FILE_PATTERNS; do
        find "$PROJECT_ROOT" -type f -name "$pat" -not -path '*/.git/*' | while read -r f; do
            remove_path "$f"
        done
    done
}

main() {
    while getopts n opt; do
        case "$opt" in
            n) DRY_RUN=1 ;;
            *) usage ;;
        esac
    done
    check_root
    info "cleaning $PROJECT_ROOT"
    clean_dirs
    clean_files
    info "done"
}

main "$@"
