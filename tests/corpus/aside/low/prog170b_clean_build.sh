#!/usr/bin/env bash
# Cleans generated files out of the web-shop theme repository before a
# fresh build: compiled assets, Python caches and test output.
# Only paths inside the repository root are ever touched.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DRY_RUN=0
VERBOSE=0

GENERATED_DIRS=(build dist .pytest_cache .mypy_cache htmlcov node_modules/.cache static/compiled)
GENERATED_GLOBS=("*.pyc" "*.pyo" ".coverage" "*.egg-info")

say() { [ "$VERBOSE" -eq 1 ] && printf 'clean: %s\n' "$*" || true; }

inside_root() {
    local target resolved
    target="$1"
    resolved="$(cd "$(dirname "$target")" 2>/dev/null && pwd)/$(basename "$target")"
    case "$resolved" in
        "$ROOT"/*) return 0 ;;
        *) return 1 ;;
    esac
}

remove() {
    local target="$1"
    [ -e "$target" ] || return 0
    if ! inside_root "$target"; then
        printf 'refusing to remove %s (outside %s)\n' "$target" "$ROOT" >&2
        return 1
    fi
    say "remove $target"
    [ "$DRY_RUN" -eq 1 ] || rm -rf -- "$target"
}

clean_dirs() {
    local d
    for d in "${GENERATED_DIRS[@]}"; do
        remove "$ROOT/$d"
    done
}

clean_caches() {
    local found
    while IFS= read -r -d '' found; do
        remove "$found"
    done < <(find "$ROOT" -path "$ROOT/.git" -prune -o -type d -name __pycache__ -print0)
}

clean_globs() {
    local g found
    for g in "${GENERATED_GLOBS[@]}"; do
        while IFS= read -r -d '' found; do
            remove "$found"
        done < <(find "$ROOT" -path "$ROOT/.git" -prune -o -name "$g" -print0)
    done
}

usage() {
    printf 'usage: %s [-n] [-v] [dirs|caches|globs|all]\n' "$0"
}

declare -A TASKS=([dirs]=clean_dirs [caches]=clean_caches [globs]=clean_globs)

main() {
    while getopts 'nvh' opt; do
        case "$opt" in
            n) DRY_RUN=1 ;;
            v) VERBOSE=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    shift $((OPTIND - 1))
    local what="${1:-all}" t
    if [ "$what" = "all" ]; then
        for t in dirs caches globs; do "${TASKS[$t]}"; done
    elif [ -n "${TASKS[$what]:-}" ]; then
        "${TASKS[$what]}"
    else
        usage; exit 2
    fi
    say "done in $ROOT"
}

main "$@"
