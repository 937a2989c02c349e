#!/usr/bin/env bash
# Tidy the wake-model repository: remove build products and caches produced by
# our own builds and test runs, inside the current project directory only.
set -euo pipefail

ROOT="$(pwd -P)"
DRY_RUN=0
VERBOSE=0
declare -a DIR_PATTERNS=(__pycache__ .pytest_cache .mypy_cache build dist "*.egg-info" .ipynb_checkpoints)
declare -a FILE_PATTERNS=("*.pyc" "*.pyo" "*.o" "*.so" "solver_*.log")
declare -i removed=0 freed_kb=0

log() { printf '[clean] %s\n' "$*"; }
debug() { (( VERBOSE )) && log "$@" || true; }

usage() {
    cat <<EOF
Usage: $0 [-n] [-v]
  -n  show what would be removed
  -v  list every path
EOF
    exit 1
}

inside_root() {
    local p
    p="$(realpath -- "$1")"
    [[ "$p" == "$ROOT"/* ]]
}

size_kb() { du -sk -- "$1" 2>/dev/null | cut -f1; }

remove_path() {
    local p="$1" kb
    inside_root "$p" || { log "skipping outside path: $p"; return 0; }
    kb="$(size_kb "$p")"
    debug "remove $p (${kb:-0} KB)"
    if (( ! DRY_RUN )); then
        rm -rf -- "$p"
    fi
    removed+=1
    freed_kb+=${kb:-0}
}

collect() {
    local kind="$1"; shift
    local pat
    for pat in "$@"; do
        find "$ROOT" -path "$ROOT/.git" -prune -o -path "$ROOT/.venv" -prune -o \
            -type "$kind" -name "$pat" -print0
    done
}

while getopts ":nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done

if [[ ! -f "$ROOT/pyproject.toml" && ! -f "$ROOT/setup.py" ]]; then
    log "run this from the project root (no pyproject.toml or setup.py in $ROOT)"
    exit 2
fi

while IFS= read -r -d '' d; do
    [[ -e "$d" ]] && remove_path "$d"
done < <(collect d "${DIR_PATTERNS[@]}")

while IFS= read -r -d '' f; do
    [[ -e "$f" ]] && remove_path "$f"
done < <(collect f "${FILE_PATTERNS[@]}")

mode="removed"
(( DRY_RUN )) && mode="would remove"
log "$mode $removed paths, $(( freed_kb / 1024 )) MB"
