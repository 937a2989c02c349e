#!/bin/sh
# Cleans build output and caches from the still-controller dashboard repo.
# Only touches paths inside the repository this script lives in.

set -eu

SCRIPT_DIR=$(cd "$(dirname "$0")" && pwd)
REPO_ROOT="${REPO_ROOT:-$SCRIPT_DIR}"
DRY_RUN=0
DEEP=0

usage() {
    printf 'usage: %s [-n] [--deep]\n' "$0"
    printf '  -n      show what would be removed\n'
    printf '  --deep  also remove node_modules and .venv\n'
}

for arg in "$@"; do
    case "$arg" in
        -n|--dry-run) DRY_RUN=1 ;;
        --deep) DEEP=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

guard_root() {
    _real=$(cd "$REPO_ROOT" && pwd -P)
    case "$_real" in
        /|"$HOME"|"$(cd "$HOME" && pwd -P)")
            printf 'refusing to clean %s\n' "$_real" >&2
            exit 1 ;;
    esac
    if [ ! -f "$_real/pyproject.toml" ] && [ ! -f "$_real/package.json" ]; then
        printf '%s does not look like the dashboard repo\n' "$_real" >&2
        exit 1
    fi
    REPO_ROOT="$_real"
}

remove() {
    for _p in "$@"; do
        [ -e "$_p" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            printf 'would remove %s\n' "${_p#"$REPO_ROOT"/}"
        else
            rm -rf -- "$_p"
            printf 'removed %s\n' "${_p#"$REPO_ROOT"/}"
        fi
    done
}

top_level_outputs() {
    set -- build dist .pytest_cache .mypy_cache .ruff_cache htmlcov .coverage
    for _d in "$@"; do
        remove "$REPO_ROOT/$_d"
    done
}

nested_caches() {
    find "$REPO_ROOT" -path "$REPO_ROOT/.git" -prune -o \
        \( -type d -name __pycache__ -o -type d -name '*.egg-info' \) -print |
    while IFS= read -r _dir; do
        remove "$_dir"
    done
    find "$REPO_ROOT" -path "$REPO_ROOT/.git" -prune -o \
        -type f \( -name '*.pyc' -o -name '*.pyo' \) -print |
    while IFS= read -r _file; do
        remove "$_file"
    done
}

deep_clean() {
    [ "$DEEP" -eq 1 ] || return 0
    remove "$REPO_ROOT/node_modules" "$REPO_ROOT/.venv" "$REPO_ROOT/frontend/node_modules"
}

main() {
    guard_root
    printf 'cleaning %s\n' "$REPO_ROOT"
    for _step in top_level_outputs nested_caches deep_clean; do
        "$_step"
    done
    printf 'done\n'
}

main
