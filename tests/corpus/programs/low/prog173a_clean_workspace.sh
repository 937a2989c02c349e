#!/bin/bash
# Clear build output and caches from the tuning-app repository checkout
# before cutting a release, and say how much space came back.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")" && pwd)"
REPORT="$ROOT/clean-report.txt"
DRY_RUN="${DRY_RUN:-0}"

TARGET_DIRS=(build dist .pytest_cache .mypy_cache htmlcov .tox)
TARGET_PATTERNS=("__pycache__" "*.egg-info")
TARGET_FILES=("*.pyc" "*.pyo" ".coverage" "coverage.xml")

inside_root() {
    local path
    path="$(realpath -m "$1")"
    case "$path" in
        "$ROOT"/*) return 0 ;;
        *) return 1 ;;
    esac
}

size_of() {
    du -sk "$1" 2>/dev/null | cut -f1 || echo 0
}

remove() {
    local path="$1" kb
    inside_root "$path" || { echo "refusing $path (outside $ROOT)" >&2; return 1; }
    kb=$(size_of "$path")
    if [ "$DRY_RUN" = "1" ]; then
        echo "would remove $path (${kb}K)"
    else
        rm -rf -- "$path"
        echo "removed $path (${kb}K)"
    fi
    FREED=$((FREED + kb))
}

collect() {
    local name pat
    for name in "${TARGET_DIRS[@]}"; do
        [ -e "$ROOT/$name" ] && printf '%s\0' "$ROOT/$name"
    done
    for pat in "${TARGET_PATTERNS[@]}"; do
        find "$ROOT" -path "$ROOT/.git" -prune -o -type d -name "$pat" -print0
    done
    for pat in "${TARGET_FILES[@]}"; do
        find "$ROOT" -path "$ROOT/.git" -prune -o -type f -name "$pat" -print0
    done
}

main() {
    FREED=0
    local -a found=()
    local item
    while IFS= read -r -d '' item; do
        found+=("$item")
    done < <(collect | sort -zu)

    if [ "${#found[@]}" -eq 0 ]; then
        echo "nothing to clean"
        return 0
    fi
    {
        echo "clean run $(date -Is) dry_run=$DRY_RUN"
        for item in "${found[@]}"; do
            [ -e "$item" ] || continue
            remove "$item"
        done
        echo "freed about $((FREED / 1024))M"
    } | tee "$REPORT"
}

main "$@"
