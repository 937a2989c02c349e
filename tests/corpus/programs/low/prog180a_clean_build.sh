#!/usr/bin/env bash
# Clean the build and cache files of the booking-site project before
# packaging a new release. Only touches paths inside the project folder.

set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DRY_RUN=0
VERBOSE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-v]
  -n   dry run, only list what would be removed
  -v   verbose
EOF
}

while getopts "nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

cd "$PROJECT_DIR"

if [[ ! -f pyproject.toml && ! -f package.json ]]; then
    echo "not a project folder: $PROJECT_DIR" >&2
    exit 1
fi

remove() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    if (( DRY_RUN )); then
        echo "would remove $target"
    else
        (( VERBOSE )) && echo "removing $target"
        rm -rf -- "$target"
    fi
}

before=$(du -sk . | cut -f1)

for dir in build dist .pytest_cache .mypy_cache .ruff_cache htmlcov .coverage node_modules/.cache; do
    remove "./$dir"
done

while IFS= read -r -d '' d; do
    remove "$d"
done < <(find . -type d \( -name __pycache__ -o -name '*.egg-info' \) -not -path './.git/*' -print0)

while IFS= read -r -d '' f; do
    remove "$f"
done < <(find . -type f \( -name '*.pyc' -o -name '*.pyo' -o -name '.DS_Store' \) -not -path './.git/*' -print0)

after=$(du -sk . | cut -f1)
if (( DRY_RUN )); then
    echo "dry run complete"
else
    echo "freed $(( before - after )) KiB in $PROJECT_DIR"
fi
