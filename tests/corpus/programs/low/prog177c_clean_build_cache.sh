#!/usr/bin/env bash
# Clean generated files from the survey-tools repository checkout.
# Run from the repo root; only touches build output inside it.
set -euo pipefail

DRY_RUN=0
KEEP_VENV=1

usage() {
    echo "usage: $0 [-n] [--all]"
    echo "  -n     show what would be removed"
    echo "  --all  also remove the local .venv"
}

for arg in "$@"; do
    case "$arg" in
        -n) DRY_RUN=1 ;;
        --all) KEEP_VENV=0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ ! -f "pyproject.toml" || ! -d ".git" ]]; then
    echo "run this from the survey-tools repo root" >&2
    exit 1
fi

targets=(build dist .pytest_cache .mypy_cache .ruff_cache htmlcov .coverage docs/_build)
[[ $KEEP_VENV -eq 0 ]] && targets+=(.venv)

remove() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would remove $1"
    else
        rm -rf -- "./$1"
        echo "removed $1"
    fi
}

for t in "${targets[@]}"; do
    [[ -e "$t" ]] && remove "$t"
done

# egg-info and bytecode anywhere under the checkout
while IFS= read -r -d '' p; do
    remove "${p#./}"
done < <(find . -path ./.git -prune -o \( -name '__pycache__' -o -name '*.egg-info' \) -print0)

find . -path ./.git -prune -o -name '*.pyc' -print | while read -r f; do
    [[ $DRY_RUN -eq 1 ]] && echo "would remove ${f#./}" || rm -f -- "$f"
done

echo "clean complete"
