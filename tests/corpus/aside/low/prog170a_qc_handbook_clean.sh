#!/usr/bin/env bash
# Clean generated output of the QC handbook project (Sphinx sources for the
# pressing quality checklists) and optionally rebuild it.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "$0")" && pwd)"
cd "$PROJECT_DIR"

declare -a GENERATED=(_build build dist .cache .pytest_cache)
declare -a PATTERNS=("*.pyc" "*.pyo" "*~")

msg() {
    printf '[handbook] %s\n' "$*"
}

size_of() {
    du -sh "$1" 2>/dev/null | cut -f1
}

inside_project() {
    local target resolved
    target="$1"
    resolved="$(cd "$(dirname "$target")" && pwd)/$(basename "$target")"
    case "$resolved" in
        "$PROJECT_DIR"/*) return 0 ;;
        *) return 1 ;;
    esac
}

remove_dirs() {
    local d
    for d in "${GENERATED[@]}"; do
        [ -n "$d" ] || continue
        if [ -d "./$d" ] && inside_project "./$d"; then
            msg "removing ./$d ($(size_of "./$d"))"
            rm -rf -- "./$d"
        fi
    done
}

remove_files() {
    local p count
    for p in "${PATTERNS[@]}"; do
        count="$(find . -path ./.git -prune -o -type f -name "$p" -print | wc -l)"
        if [ "$count" -gt 0 ]; then
            find . -path ./.git -prune -o -type f -name "$p" -exec rm -f -- {} +
            msg "removed $count files matching $p"
        fi
    done
    find . -path ./.git -prune -o -type d -name __pycache__ -prune -exec rm -rf -- {} +
}

rebuild() {
    local builder="${SPHINX_BUILD:-sphinx-build}"
    if ! command -v "$builder" >/dev/null 2>&1; then
        msg "sphinx-build not available; skipping rebuild"
        return 0
    fi
    "$builder" -q -b html source _build/html
    msg "handbook rebuilt into ./_build/html"
}

usage() {
    cat <<EOF
usage: $(basename "$0") [--rebuild] [--dry-run]
  --rebuild   build the HTML handbook after cleaning
  --dry-run   list what would be removed
EOF
}

dry_run() {
    local d
    for d in "${GENERATED[@]}"; do
        [ -d "./$d" ] && msg "would remove ./$d ($(size_of "./$d"))"
    done
    return 0
}

main() {
    local do_rebuild=0 only_list=0
    while [ "$#" -gt 0 ]; do
        case "$1" in
            --rebuild) do_rebuild=1 ;;
            --dry-run) only_list=1 ;;
            -h|--help) usage; return 0 ;;
            *) usage; return 2 ;;
        esac
        shift
    done
    if [ "$only_list" -eq 1 ]; then
        dry_run
        return 0
    fi
    remove_dirs
    remove_files
    [ "$do_rebuild" -eq 1 ] && rebuild
    msg "clean complete"
}

main "$@"
