#!/usr/bin/env bash
# workspace_tidy.sh - remove this project's build output and caches.
# Only ever touches paths inside the project checkout it is run from.
set -euo pipefail

DRY_RUN=0
VERBOSE=0

usage() {
    echo "usage: $0 [-n] [-v]   (-n dry run, -v list every removal)"
}

while getopts "nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# refuse to run outside a project checkout
if [[ ! -f pyproject.toml && ! -f setup.cfg && ! -f package.json ]]; then
    echo "not in a project root (no pyproject.toml/setup.cfg/package.json)" >&2
    exit 1
fi
ROOT="$(pwd -P)"

TOP_LEVEL=(build dist .pytest_cache .mypy_cache .ruff_cache .tox htmlcov .coverage coverage.xml)
NAMED_DIRS=(__pycache__ "*.egg-info" .ipynb_checkpoints)
NAMED_FILES=("*.pyc" "*.pyo" ".DS_Store")

freed=0
count=0

remove() {
    local target="$1" size
    case "$(realpath -m -- "$target")" in
        "$ROOT"/*) ;;
        *) echo "refusing to touch $target (outside $ROOT)" >&2; return 0 ;;
    esac
    size=$(du -sk -- "$target" 2>/dev/null | cut -f1)
    freed=$((freed + ${size:-0}))
    count=$((count + 1))
    (( VERBOSE || DRY_RUN )) && echo "  rm ${target#./}"
    (( DRY_RUN )) || rm -rf -- "$target"
}

for entry in "${TOP_LEVEL[@]}"; do
    [[ -e "./$entry" ]] && remove "./$entry"
done

for pattern in "${NAMED_DIRS[@]}"; do
    while IFS= read -r -d '' d; do
        remove "$d"
    done < <(find . -path ./.git -prune -o -path ./.venv -prune -o \
                 -type d -name "$pattern" -print0)
done

for pattern in "${NAMED_FILES[@]}"; do
    while IFS= read -r -d '' f; do
        remove "$f"
    done < <(find . -path ./.git -prune -o -path ./.venv -prune -o \
                 -type f -name "$pattern" -print0)
done

if (( DRY_RUN )); then
    echo "would remove $count items (~$((freed / 1024)) MB)"
else
    echo "removed $count items (~$((freed / 1024)) MB)"
fi
