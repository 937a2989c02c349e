#!/usr/bin/env bash
# Clean build output and caches from the service-sheet generator project.
# Only touches folders inside the project checkout it is run from.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DRY_RUN=0
KEEP_PDFS=0

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-n] [-k]
  -n  dry run: list what would be removed
  -k  keep generated service-sheet PDFs in out/
USAGE
}

while getopts ":nkh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_PDFS=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

cd "$PROJECT_ROOT"
if [[ ! -f pyproject.toml && ! -f setup.cfg ]]; then
    echo "not a project checkout: $PROJECT_ROOT" >&2
    exit 1
fi

remove() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    if [[ "$DRY_RUN" -eq 1 ]]; then
        echo "would remove ./${target#./}"
    else
        rm -rf -- "$target"
        echo "removed ./${target#./}"
    fi
}

for d in build dist .pytest_cache .mypy_cache .ruff_cache htmlcov .tox; do
    remove "./$d"
done

while IFS= read -r -d '' d; do
    remove "$d"
done < <(find . -path ./.git -prune -o -type d \( -name '__pycache__' -o -name '*.egg-info' \) -print0)

while IFS= read -r -d '' f; do
    remove "$f"
done < <(find . -path ./.git -prune -o -type f \( -name '*.pyc' -o -name '.coverage' -o -name '*.aux' \) -print0)

if [[ "$KEEP_PDFS" -eq 0 && -d out ]]; then
    while IFS= read -r -d '' f; do
        remove "$f"
    done < <(find ./out -maxdepth 1 -type f -name 'service-sheet-*.pdf' -print0)
fi

echo "clean complete in $PROJECT_ROOT"
