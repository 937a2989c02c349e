#!/usr/bin/env bash
# Clean build leftovers in the Ironside front-desk app checkout before
# packaging a new release for the desk PCs. Only touches this project dir.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DRY_RUN=0
KEEP_DIST=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-k]
  -n   dry run, only list what would be removed
  -k   keep dist/ (release archives)
EOF
}

while getopts ":nkh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_DIST=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

cd "$PROJECT_DIR"

if [[ ! -f pyproject.toml && ! -f setup.py ]]; then
    echo "Not a project directory: $PROJECT_DIR" >&2
    exit 1
fi

targets=(build .pytest_cache .mypy_cache .ruff_cache htmlcov .coverage .tox)
if [[ $KEEP_DIST -eq 0 ]]; then
    targets+=(dist)
fi

remove() {
    local path="$1"
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would remove: $path"
    else
        rm -rf -- "$path"
        echo "removed: $path"
    fi
}

freed_before=$(du -sk . | cut -f1)

for t in "${targets[@]}"; do
    [[ -e "$t" ]] && remove "./$t"
done

# Python bytecode and egg-info anywhere under the project.
while IFS= read -r -d '' d; do
    remove "$d"
done < <(find . -path ./.git -prune -o \( -name __pycache__ -o -name '*.egg-info' \) -type d -print0)

while IFS= read -r -d '' f; do
    remove "$f"
done < <(find . -path ./.git -prune -o \( -name '*.pyc' -o -name '*.pyo' \) -type f -print0)

if [[ $DRY_RUN -eq 0 ]]; then
    freed_after=$(du -sk . | cut -f1)
    echo "freed $(( freed_before - freed_after )) KiB in $PROJECT_DIR"
fi
