#!/usr/bin/env bash
# Project cache cleanup - StrikeZone Lanes internal tools repo
# Removes build output and caches from the tools checkout so the lane
# display bundle is rebuilt from scratch.
set -euo pipefail

PROJECT_ROOT="$(pwd)"
MARKER="pyproject.toml"
DRY_RUN="${CLEAN_DRY_RUN:-0}"

dirs=(build dist .cache .pytest_cache .mypy_cache lane_display)
globs=('*.pyc' '*.pyo' '*.egg-info')

say() { printf '[clean] %s\n' "$*"; }

guard() {
    if [[ ! -f "$PROJECT_ROOT/$MARKER" ]]; then
        say "no $MARKER here; run from the tools checkout"
        exit 1
    fi
    case "$PROJECT_ROOT" in
        /|"$HOME") say "refusing to clean $PROJECT_ROOT"; exit 1 ;;
    esac
}

remove() {
    local target=$1
    if (( DRY_RUN )); then
        say "would remove ${target#"$PROJECT_ROOT"/}"
    else
        rm -rf -- "$target"
        say "removed ${target#"$PROJECT_ROOT"/}"
    fi
}

clean_dirs() {
    local d
    for d in "${dirs[@]}"; do
        [[ -e "$PROJECT_ROOT/$d" ]] && remove "$PROJECT_ROOT/$d"
    done
    return 0
}

clean_pycache() {
    local found
    while IFS= read -r -d '' found; do
        remove "$found"
    done < <(find "$PROJECT_ROOT" -type d -name __pycache__ -prune -print0)
}

clean_globs() {
    local pattern found
    for pattern in "${globs[@]}"; do
        while IFS= read -r -d '' found; do
            remove "$found"
        done < <(find "$PROJECT_ROOT" -name "$pattern" -prune -print0)
    done
}

declare -A TASKS=([dirs]=clean_dirs [pycache]=clean_pycache [globs]=clean_globs)

guard
before=$(du -sk "$PROJECT_ROOT" | cut -f1)
for task in dirs pycache globs; do
    "${TASKS[$task]}"
done
after=$(du -sk "$PROJECT_ROOT" | cut -f1)
say "freed $((before - after)) KiB"
