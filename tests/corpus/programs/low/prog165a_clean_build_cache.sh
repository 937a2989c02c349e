#!/bin/sh
# Tidy the pharmacy tools repository: remove build output and caches
# before cutting a release zip for the branches.
# Only ever touches paths inside the project directory.

set -eu

PROJECT_ROOT="${1:-.}"
DRY_RUN="${DRY_RUN:-0}"

BUILD_DIRS="build dist .pytest_cache .mypy_cache .ruff_cache htmlcov"
BUILD_FILES=".coverage coverage.xml"

say() {
    printf '[clean] %s\n' "$*"
}

abs_path() {
    (cd "$1" && pwd -P)
}

check_root() {
    root="$1"
    if [ ! -f "$root/pyproject.toml" ] && [ ! -f "$root/setup.cfg" ]; then
        say "no pyproject.toml or setup.cfg in $root, refusing to clean"
        exit 1
    fi
    case "$(abs_path "$root")" in
        /|"$HOME")
            say "refusing to clean $root"
            exit 1
            ;;
    esac
}

remove() {
    target="$1"
    [ -e "$target" ] || return 0
    if [ "$DRY_RUN" = "1" ]; then
        say "would remove $target"
    else
        rm -rf -- "$target"
        say "removed $target"
    fi
}

platform_note() {
    if [ -r /etc/os-release ]; then
        . /etc/os-release
        say "running on ${PRETTY_NAME:-unknown}"
    fi
}

clean_dirs() {
    for d in $BUILD_DIRS; do
        remove "$PROJECT_ROOT/$d"
    done
    for f in $BUILD_FILES; do
        remove "$PROJECT_ROOT/$f"
    done
}

clean_bytecode() {
    find "$PROJECT_ROOT" -path "$PROJECT_ROOT/.venv" -prune -o \
        -type d -name __pycache__ -print | while read -r d; do
        remove "$d"
    done
    find "$PROJECT_ROOT" -path "$PROJECT_ROOT/.venv" -prune -o \
        -type d -name '*.egg-info' -print | while read -r d; do
        remove "$d"
    done
}

report() {
    size=$(du -sh "$PROJECT_ROOT" 2>/dev/null | cut -f1)
    say "project size now $size"
}

platform_note
check_root "$PROJECT_ROOT"
clean_dirs
clean_bytecode
report
