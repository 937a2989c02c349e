#!/usr/bin/env bash
# Clean build and cache output from the gallery-app repository
# (the touchscreen "Build a Lock" game and its asset pipeline).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MARKER="$ROOT/pyproject.toml"

build_dirs=(build dist .eggs .pytest_cache .mypy_cache .ruff_cache htmlcov)
asset_cache="assets/.cache"
patterns=("*.pyc" "*.pyo" ".coverage" ".coverage.*")
DRY=0
VERBOSE=0

say() { [ "$VERBOSE" -eq 1 ] && printf 'clean: %s\n' "$*" >&2 || true; }

remove() {
    local target="$1"
    [ -e "$target" ] || return 0
    if [ "$DRY" -eq 1 ]; then
        printf 'would remove %s\n' "${target#"$ROOT"/}"
        return 0
    fi
    rm -rf -- "$target"
    say "removed ${target#"$ROOT"/}"
}

inside_repo() {
    [ -f "$MARKER" ] && grep -q 'name = "build-a-lock"' "$MARKER"
}

clean_dirs() {
    local d
    for d in "${build_dirs[@]}" "$asset_cache"; do
        remove "$ROOT/$d"
    done
}

clean_pycache() {
    local found
    while IFS= read -r -d '' found; do
        remove "$found"
    done < <(find "$ROOT" -path "$ROOT/.git" -prune -o -type d -name __pycache__ -print0)
}

clean_patterns() {
    local p f
    for p in "${patterns[@]}"; do
        while IFS= read -r -d '' f; do
            remove "$f"
        done < <(find "$ROOT" -path "$ROOT/.git" -prune -o -type f -name "$p" -print0)
    done
}

report() {
    local size
    size="$(du -sh "$ROOT" 2>/dev/null | cut -f1)"
    printf 'repository size now %s\n' "$size"
}

while getopts "nvh" opt; do
    case "$opt" in
        n) DRY=1 ;;
        v) VERBOSE=1 ;;
        h|*) echo "usage: $0 [-n] [-v]" >&2; exit 64 ;;
    esac
done

if ! inside_repo; then
    echo "refusing to clean: $ROOT is not the build-a-lock repository" >&2
    exit 1
fi

steps=(clean_dirs clean_pycache clean_patterns)
for step in "${steps[@]}"; do
    say "step $step"
    "$step"
done
[ "$DRY" -eq 1 ] || report
