#!/bin/bash
# Cleans build and cache output from the orchard-app repository checkout.
set -euo pipefail

DRY_RUN=0
VERBOSE=0

usage() {
    echo "usage: $0 [-n] [-v]"
    echo "  -n  show what would be removed"
    echo "  -v  list every path removed"
}

while getopts "nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

repo_root() {
    if git rev-parse --show-toplevel >/dev/null 2>&1; then
        git rev-parse --show-toplevel
    else
        pwd
    fi
}

ROOT="$(repo_root)"
cd "$ROOT"

if [ ! -f "pyproject.toml" ] && [ ! -f "setup.cfg" ]; then
    echo "this does not look like the orchard-app checkout: $ROOT" >&2
    exit 1
fi

remove_path() {
    target="$1"
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would remove $target"
        return
    fi
    [ "$VERBOSE" -eq 1 ] && echo "removing $target"
    rm -rf -- "$target"
}

TOP_LEVEL=(build dist .pytest_cache .mypy_cache .ruff_cache htmlcov .coverage .tox)
count=0

for item in "${TOP_LEVEL[@]}"; do
    if [ -e "./$item" ]; then
        remove_path "./$item"
        count=$((count + 1))
    fi
done

while IFS= read -r -d '' dir; do
    remove_path "$dir"
    count=$((count + 1))
done < <(find . -path ./.git -prune -o -type d \( -name __pycache__ -o -name '*.egg-info' \) -print0)

while IFS= read -r -d '' file; do
    remove_path "$file"
    count=$((count + 1))
done < <(find . -path ./.git -prune -o -type f \( -name '*.pyc' -o -name '*.pyo' \) -print0)

if [ "$DRY_RUN" -eq 1 ]; then
    echo "$count path(s) would be removed from $ROOT"
else
    echo "removed $count path(s) from $ROOT"
fi
