#!/usr/bin/env bash
# repo_tidy.sh - remove build artefacts and caches from the current project
#
# Usage: ./repo_tidy.sh [-n] [-q]
#   -n  dry run: only list what would be removed
#   -q  quiet: no per-item output
set -euo pipefail

DRY_RUN=0
QUIET=0
REMOVED=0
FREED_KB=0

CACHE_DIRS=(__pycache__ .pytest_cache .mypy_cache .ruff_cache .tox .nox)
BUILD_DIRS=(build dist .eggs htmlcov site)
JUNK_FILES=('*.pyc' '*.pyo' '.coverage' '.coverage.*' '*.egg-info')

log() {
    [[ $QUIET -eq 1 ]] || printf '[tidy] %s\n' "$*"
}

die() {
    printf '[tidy] error: %s\n' "$*" >&2
    exit 1
}

while getopts ":nq" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

# Refuse to run anywhere but a project root.
if [[ ! -f pyproject.toml && ! -f setup.py && ! -f setup.cfg ]]; then
    die "no pyproject.toml/setup.py here; run from the project root"
fi

size_kb() {
    du -sk -- "$1" 2>/dev/null | cut -f1
}

remove_path() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    case "$target" in
        ./*) ;;
        *) die "refusing to touch non-relative path: $target" ;;
    esac
    local kb
    kb=$(size_kb "$target")
    FREED_KB=$((FREED_KB + ${kb:-0}))
    REMOVED=$((REMOVED + 1))
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove $target (${kb} KB)"
    else
        rm -rf -- "$target"
        log "removed $target (${kb} KB)"
    fi
}

for d in "${BUILD_DIRS[@]}"; do
    remove_path "./$d"
done

for name in "${CACHE_DIRS[@]}"; do
    while IFS= read -r -d '' hit; do
        remove_path "$hit"
    done < <(find . -path ./.git -prune -o -type d -name "$name" -print0)
done

for pattern in "${JUNK_FILES[@]}"; do
    while IFS= read -r -d '' hit; do
        remove_path "$hit"
    done < <(find . -path ./.git -prune -o -name "$pattern" -print0)
done

if [[ -d .venv && ! -f .venv/pyvenv.cfg ]]; then
    log "note: .venv looks broken (no pyvenv.cfg); recreate it manually"
fi

summary="$REMOVED item(s), $((FREED_KB / 1024)) MB"
if [[ $DRY_RUN -eq 1 ]]; then
    log "dry run: $summary would be freed"
else
    log "done: $summary freed"
fi
