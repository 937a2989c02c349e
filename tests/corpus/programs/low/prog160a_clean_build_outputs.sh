#!/bin/sh
# Removes build outputs and caches from the departure-board project tree.
set -eu

PROJECT_DIR="$(cd "$(dirname "$0")" && pwd)"
DRY_RUN=0
VERBOSE=0
REMOVED=0

usage() {
    echo "Usage: $0 [-n] [-v]"
    echo "  -n  show what would be removed"
    echo "  -v  list every removed path"
}

while getopts "nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

cd "$PROJECT_DIR"

if [ ! -f "$PROJECT_DIR/pyproject.toml" ]; then
    echo "not in the departure-board project (no pyproject.toml), stopping" >&2
    exit 1
fi

remove_path() {
    target="$1"
    [ -e "$target" ] || return 0
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would remove ./$target"
        return 0
    fi
    rm -rf -- "./$target"
    REMOVED=$((REMOVED + 1))
    if [ "$VERBOSE" -eq 1 ]; then
        echo "removed ./$target"
    fi
}

for dir in build dist .pytest_cache .mypy_cache .ruff_cache htmlcov .tox; do
    remove_path "$dir"
done

for egg in *.egg-info; do
    [ -e "$egg" ] && remove_path "$egg"
done

find . -path ./.git -prune -o -type d -name __pycache__ -print | while read -r cache; do
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would remove $cache"
    else
        rm -rf -- "$cache"
    fi
done

find . -path ./.git -prune -o -type f \( -name '*.pyc' -o -name '.coverage' \) -print \
    | while read -r leftover; do
        if [ "$DRY_RUN" -eq 1 ]; then
            echo "would remove $leftover"
        else
            rm -f -- "$leftover"
        fi
    done

if [ "$DRY_RUN" -eq 0 ]; then
    echo "cleaned $PROJECT_DIR ($REMOVED top-level entries removed)"
fi
