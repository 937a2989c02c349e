#!/usr/bin/env bash
# Housekeeping for the shop's order-app project folder: removes build
# output and caches, and tightens permissions on the local config file.
set -euo pipefail

ROOT="${1:-.}"
DRY_RUN="${DRY_RUN:-0}"
CONFIG_FILE="config.local.ini"
removed=0

log() { echo "[cleanup] $*"; }

[[ -d "$ROOT" ]] || { echo "not a directory: $ROOT" >&2; exit 1; }
cd "$ROOT"

if [[ ! -f "pyproject.toml" && ! -f "setup.py" ]]; then
    log "no project file here; refusing to clean $(pwd)"
    exit 1
fi

remove() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    if [[ "$DRY_RUN" == "1" ]]; then
        log "would remove $target"
    else
        rm -rf -- "$target"
        log "removed $target"
    fi
    removed=$((removed + 1))
}

for dir in build dist .pytest_cache .mypy_cache .ruff_cache htmlcov; do
    remove "./$dir"
done

while IFS= read -r -d '' d; do
    remove "$d"
done < <(find . -type d \( -name '__pycache__' -o -name '*.egg-info' \) \
             -not -path './.git/*' -not -path './.venv/*' -print0)

while IFS= read -r -d '' f; do
    remove "$f"
done < <(find . -type f \( -name '*.pyc' -o -name '.coverage' \) \
             -not -path './.venv/*' -print0)

if [[ -f "$CONFIG_FILE" ]]; then
    chmod 600 "$CONFIG_FILE"
    log "permissions on $CONFIG_FILE set to 600"
fi

log "$removed item(s) cleaned in $(pwd)"
