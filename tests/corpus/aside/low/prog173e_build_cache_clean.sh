#!/usr/bin/env bash
# Clean the build and cache output of the counter tools project
# (the small Python utilities the branch uses for labels and stock sheets).

set -eu

DRY_RUN=0
VERBOSE=0

dirs_to_clear=( "build" "dist" ".pytest_cache" ".mypy_cache" ".cache/postcodes" "htmlcov" )
name_patterns=( "__pycache__" "*.egg-info" )
file_patterns=( "*.pyc" "*.pyo" ".coverage" )

say() { [ "$VERBOSE" -eq 1 ] && printf '%s\n' "$*" || true; }

project_root() {
    local here
    here="$(cd "$(dirname "$0")" && pwd)"
    git -C "$here" rev-parse --show-toplevel 2>/dev/null || printf '%s' "$here"
}

check_root() {
    local root="$1"
    case "$root" in
        ""|"/"|"$HOME") echo "refusing to clean '$root'" >&2; return 1 ;;
    esac
    if [ ! -f "$root/pyproject.toml" ] && [ ! -f "$root/setup.cfg" ]; then
        echo "$root does not look like the counter tools project" >&2
        return 1
    fi
}

remove() {
    if [ "$DRY_RUN" -eq 1 ]; then
        printf 'would remove %s\n' "$1"
    else
        rm -rf -- "$1"
        say "removed $1"
    fi
}

clear_dirs() {
    local root="$1" d
    for d in "${dirs_to_clear[@]}"; do
        [ -e "$root/$d" ] && remove "$root/$d"
    done
}

clear_named() {
    local root="$1" pat hit
    for pat in "${name_patterns[@]}"; do
        while IFS= read -r -d '' hit; do
            remove "$hit"
        done < <(find "$root" -path "$root/.git" -prune -o -type d -name "$pat" -print0)
    done
}

clear_files() {
    local root="$1" pat hit
    for pat in "${file_patterns[@]}"; do
        while IFS= read -r -d '' hit; do
            remove "$hit"
        done < <(find "$root" -path "$root/.git" -prune -o -type f -name "$pat" -print0)
    done
}

main() {
    while [ $# -gt 0 ]; do
        case "$1" in
            -n|--dry-run) DRY_RUN=1 ;;
            -v|--verbose) VERBOSE=1 ;;
            *) echo "usage: $0 [-n] [-v]" >&2; exit 2 ;;
        esac
        shift
    done
    local root step
    root="$(project_root)"
    check_root "$root"
    for step in clear_dirs clear_named clear_files; do
        "$step" "$root"
    done
    echo "cleaned $root"
}

main "$@"
