#!/usr/bin/env bash
# Tidy the shop-dashboard project checkout: removes build output, Python
# caches and old generated reports from the working directory only.

set -euo pipefail

PROJECT_DIR="${1:-.}"
REPORT_KEEP_DAYS="${REPORT_KEEP_DAYS:-14}"
DRY_RUN="${DRY_RUN:-0}"

cd "$PROJECT_DIR"

if [[ ! -f "pyproject.toml" && ! -f "setup.cfg" ]]; then
    echo "this doesn't look like the dashboard project ($(pwd)), stopping" >&2
    exit 1
fi

remove() {
    local target="$1"
    if [[ "$DRY_RUN" == "1" ]]; then
        echo "would remove $target"
    else
        rm -rf -- "$target"
        echo "removed $target"
    fi
}

freed_before=$(du -sk . | cut -f1)

for d in build dist .pytest_cache .mypy_cache .ruff_cache htmlcov; do
    if [[ -e "$d" ]]; then
        remove "$d"
    fi
done

while IFS= read -r -d '' d; do
    remove "$d"
done < <(find . -type d -name '__pycache__' -not -path './.venv/*' -print0)

while IFS= read -r -d '' f; do
    remove "$f"
done < <(find . -maxdepth 2 -name '*.egg-info' -print0)

if [[ -d reports ]]; then
    while IFS= read -r -d '' f; do
        remove "$f"
    done < <(find reports -type f -name '*.html' -mtime +"$REPORT_KEEP_DAYS" -print0)
fi

for f in .coverage .coverage.*; do
    if [[ -f "$f" ]]; then
        remove "$f"
    fi
done

freed_after=$(du -sk . | cut -f1)
echo "freed $(( (freed_before - freed_after) / 1024 )) MB in $(pwd)"
