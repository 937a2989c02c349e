#!/usr/bin/env bash
# lab_workspace_tidy.sh - end-of-lesson tidy for the "Intro to C & Python" lab.
#
# Run it from the root of your exercise checkout.  It removes build output,
# byte-code caches and editor droppings *inside this directory only*, then
# prints a short summary so you can check nothing important went away.
#
#   ./lab_workspace_tidy.sh            # tidy
#   ./lab_workspace_tidy.sh -n         # dry run, only list what would go
set -euo pipefail

DRY_RUN=0
VERBOSE=0
BUILD_DIRS=(build dist .pytest_cache .mypy_cache htmlcov)
JUNK_GLOBS=('*.o' '*.pyc' '*.pyo' '*~' '.*.swp' 'a.out' 'core')

usage() {
    echo "usage: $0 [-n] [-v]" >&2
    exit 64
}

while getopts "nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done

log() { [[ $VERBOSE -eq 1 ]] && echo "  $*"; return 0; }

remove() {
    local target=$1
    # refuse anything that is not below the current directory
    case "$target" in
        /*|../*|*/../*) echo "skip (outside workspace): $target" >&2; return 0 ;;
    esac
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would remove: $target"
    else
        log "removing $target"
        rm -rf -- "$target"
    fi
}

if [[ ! -f Makefile && ! -f pyproject.toml && ! -d .git ]]; then
    echo "This does not look like an exercise checkout (no Makefile/pyproject/.git)." >&2
    exit 1
fi

distro="unknown"
if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    distro=$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")
fi
echo "Tidying $(pwd) on $distro"

before=$(du -sk . | cut -f1)

for d in "${BUILD_DIRS[@]}"; do
    [[ -e "./$d" ]] && remove "./$d"
done

while IFS= read -r -d '' cache; do
    remove "$cache"
done < <(find . -type d -name __pycache__ -not -path './.git/*' -print0)

for pattern in "${JUNK_GLOBS[@]}"; do
    while IFS= read -r -d '' f; do
        remove "$f"
    done < <(find . -type f -name "$pattern" -not -path './.git/*' -print0)
done

if [[ $DRY_RUN -eq 0 ]]; then
    after=$(du -sk . | cut -f1)
    echo "Freed $((before - after)) KiB (was ${before} KiB, now ${after} KiB)"
fi
