#!/usr/bin/env bash
# backtest_cache_prune.sh - reclaim disk space in a backtesting workspace.
#
# Removes downloaded OHLCV caches, compiled strategy artefacts and result
# folders older than the retention window. Run from the project root.
#
#   -r DAYS   keep results newer than DAYS (default 14, or RETENTION_DAYS in .prunerc)
#   -n        dry run: only print what would be removed
#   -a        also drop the market-data cache (re-downloaded on next run)

set -o errexit -o nounset -o pipefail

RETENTION_DAYS=14
DRY_RUN=0
PRUNE_DATA=0
RESULTS_DIR="results"
DATA_CACHE=".cache/ohlcv"
[[ -f .prunerc ]] && . ./.prunerc

while getopts ":r:na" flag; do
    case $flag in
        r) RETENTION_DAYS=$OPTARG ;;
        n) DRY_RUN=1 ;;
        a) PRUNE_DATA=1 ;;
        \?) echo "unknown option -$OPTARG" >&2; exit 2 ;;
    esac
done

if [[ ! -f pyproject.toml && ! -f setup.cfg ]]; then
    echo "run this from the backtester project root" >&2
    exit 1
fi

freed=0
remove() {
    local target=$1 size
    [[ -e $target ]] || return 0
    size=$(du -sk -- "$target" | cut -f1)
    if (( DRY_RUN )); then
        printf 'would remove %-60s %8d KiB\n' "$target" "$size"
    else
        rm -rf -- "$target"
        printf 'removed      %-60s %8d KiB\n' "$target" "$size"
    fi
    freed=$(( freed + size ))
}

prune_build_artifacts() {
    local d
    while IFS= read -r -d '' d; do remove "$d"; done < <(
        find . -path ./.venv -prune -o \
            \( -name __pycache__ -o -name '*.egg-info' -o -name .pytest_cache -o -name .mypy_cache \) \
            -type d -print0)
    remove build
    remove dist
    remove .cache/numba
}

prune_old_results() {
    [[ -d $RESULTS_DIR ]] || return 0
    local run
    while IFS= read -r -d '' run; do remove "$run"; done < <(
        find "$RESULTS_DIR" -mindepth 1 -maxdepth 1 -type d -mtime +"$RETENTION_DAYS" -print0)
    find "$RESULTS_DIR" -maxdepth 1 -name '*.parquet.partial' -print0 |
        while IFS= read -r -d '' f; do remove "$f"; done
}

prune_logs() {
    [[ -d logs ]] || return 0
    local f
    while IFS= read -r -d '' f; do remove "$f"; done < <(
        find logs -type f -name 'backtest-*.log' -mtime +"$RETENTION_DAYS" -print0)
}

echo "== pruning workspace $(pwd) (retention ${RETENTION_DAYS}d) =="
prune_build_artifacts
prune_old_results
prune_logs
(( PRUNE_DATA )) && remove "$DATA_CACHE"

printf '== %s %d MiB ==\n' "$( (( DRY_RUN )) && echo 'would free' || echo 'freed')" $(( freed / 1024 ))
