#!/bin/bash
# Clean build output and caches from the booking-app checkout before a
# fresh build. Only touches folders inside the project it is run from.

set -euo pipefail

PROJECT_DIR="$(pwd)"
MARKER="pyproject.toml"
DRY_RUN=0

BUILD_DIRS=(build dist .eggs htmlcov .tox)
CACHE_NAMES=(__pycache__ .pytest_cache .mypy_cache .ruff_cache)
CACHE_FILES=("*.pyc" "*.pyo" ".coverage" ".coverage.*")

usage() {
    echo "usage: $0 [--dry-run]"
    echo "run from the root of the booking-app checkout"
}

check_project() {
    if [ ! -f "$PROJECT_DIR/$MARKER" ]; then
        echo "no $MARKER here; refusing to clean $PROJECT_DIR" >&2
        exit 1
    fi
    case "$PROJECT_DIR" in
        /|"$HOME") echo "refusing to clean $PROJECT_DIR" >&2; exit 1 ;;
    esac
}

remove() {
    local target="$1"
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would remove ${target#"$PROJECT_DIR"/}"
    else
        rm -rf -- "$target"
        echo "removed ${target#"$PROJECT_DIR"/}"
    fi
}

clean_build_dirs() {
    local d
    for d in "${BUILD_DIRS[@]}"; do
        [ -e "$PROJECT_DIR/$d" ] && remove "$PROJECT_DIR/$d"
    done
    find "$PROJECT_DIR" -maxdepth 2 -type d -name '*.egg-info' -not -path '*/.git/*' -print0 |
        while IFS= read -r -d '' d; do remove "$d"; done
}

clean_caches() {
    local name f
    for name in "${CACHE_NAMES[@]}"; do
        find "$PROJECT_DIR" -type d -name "$name" -not -path '*/.git/*' -not -path '*/.venv/*' -prune -print0 |
            while IFS= read -r -d '' f; do remove "$f"; done
    done
    for name in "${CACHE_FILES[@]}"; do
        find "$PROJECT_DIR" -type f -name "$name" -not -path '*/.git/*' -not -path '*/.venv/*' -print0 |
            while IFS= read -r -d '' f; do remove "$f"; done
    done
}

main() {
    case "${1:-}" in
        --dry-run) DRY_RUN=1 ;;
        -h|--help) usage; exit 0 ;;
        "") ;;
        *) usage; exit 2 ;;
    esac
    check_project
    local before after
    before=$(du -sk "$PROJECT_DIR" | cut -f1)
    clean_build_dirs
    clean_caches
    after=$(du -sk "$PROJECT_DIR" | cut -f1)
    echo "freed $(( (before - after) / 1024 )) MB in $PROJECT_DIR"
}

main "$@"
