#!/bin/sh
# workshop_build_clean.sh - clean build output of the workshop tools checkout
#
# The workshop tools repo (ticket queue, bench logger, catalogue sync)
# accumulates build output, virtualenv caches, test reports and stale
# bench CSVs. This clears them from the current checkout so a fresh build
# starts clean. Run it from the repository root.
#
# usage: workshop_build_clean.sh [-n] [-k keep_list]
#   -n  dry run, only print what would be removed
#   -k  file with names (relative to the checkout) to keep

set -u

DRY_RUN=0
KEEP_FILE="${KEEP_FILE:-}"
PROJECT_ROOT="$(pwd)"
LOG="$PROJECT_ROOT/.clean.log"
BUILD_ENTRIES="build dist .pytest_cache .mypy_cache .tox .coverage htmlcov .catalogue_cache"

while getopts "nk:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_FILE="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-k keep_list]" >&2; exit 2 ;;
    esac
done

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG" 2>/dev/null
    printf '%s\n' "$*"
}

remove() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would remove: $1"
    else
        rm -rf -- "$1"
    fi
}

is_kept() {
    [ -n "$KEEP_FILE" ] && [ -f "$KEEP_FILE" ] && grep -qxF "$1" "$KEEP_FILE"
}

clear_pycache() {
    find "$PROJECT_ROOT" -path "$PROJECT_ROOT/.git" -prune -o \
        \( -type d -name __pycache__ -o -type f -name '*.pyc' \) -print |
    while read -r item; do
        remove "$item"
    done
}

clear_old_bench_runs() {
    runs="$PROJECT_ROOT/bench_runs"
    [ -d "$runs" ] || return 0
    find "$runs" -type f -name 'bench_*.csv' -mtime +30 | while read -r csv; do
        remove "$csv"
    done
}

clear_build() {
    n=0
    for name in $BUILD_ENTRIES; do
        entry="$PROJECT_ROOT/$name"
        [ -e "$entry" ] || continue
        if is_kept "$name"; then
            log "keeping $name"
            continue
        fi
        remove "$entry"
        n=$((n + 1))
    done
    for egg in "$PROJECT_ROOT"/*.egg-info; do
        [ -e "$egg" ] && remove "$egg" && n=$((n + 1))
    done
    log "cleared $n build entries under $PROJECT_ROOT"
}

main() {
    if [ ! -f "$PROJECT_ROOT/pyproject.toml" ] && [ ! -f "$PROJECT_ROOT/setup.py" ]; then
        echo "run this from the workshop tools checkout" >&2
        exit 1
    fi
    log "clean starting (dry run $DRY_RUN)"
    clear_pycache
    clear_old_bench_runs
    clear_build
    log "clean done"
}

main "$@"
