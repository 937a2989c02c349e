#!/usr/bin/env bash
# Tidy a notebook project before committing: drop Jupyter checkpoints,
# Python bytecode caches, stale build output and oversized scratch files.
# Only touches paths inside the project directory it is run from.
set -euo pipefail

PROJECT_ROOT="$(pwd)"
DRY_RUN=0
MAX_SCRATCH_MB=200
VERBOSE=0

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-n] [-v] [-m MB]
  -n      dry run, only list what would be removed
  -v      verbose output
  -m MB   size threshold for files in ./scratch (default ${MAX_SCRATCH_MB})
USAGE
}

while getopts ":nvm:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        m) MAX_SCRATCH_MB="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

log() { printf '[tidy] %s\n' "$*"; }
debug() { [ "$VERBOSE" -eq 1 ] && printf '[tidy:debug] %s\n' "$*" || true; }

if [ ! -f "$PROJECT_ROOT/pyproject.toml" ] && [ ! -d "$PROJECT_ROOT/notebooks" ]; then
    log "this does not look like a notebook project (no pyproject.toml or notebooks/)" >&2
    exit 1
fi

remove_path() {
    local target="$1"
    case "$target" in
        "$PROJECT_ROOT"/*) ;;
        *) log "refusing to touch $target (outside project)"; return 0 ;;
    esac
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would remove $target"
    else
        debug "removing $target"
        rm -rf -- "$target"
    fi
}

count=0
while IFS= read -r -d '' dir; do
    remove_path "$dir"
    count=$((count + 1))
done < <(find "$PROJECT_ROOT" -type d \( -name .ipynb_checkpoints -o -name __pycache__ \
            -o -name .pytest_cache \) -not -path '*/.git/*' -print0)
log "cache directories: $count"

for build_dir in build dist .eggs; do
    [ -d "$PROJECT_ROOT/$build_dir" ] && remove_path "$PROJECT_ROOT/$build_dir"
done

if [ -d "$PROJECT_ROOT/scratch" ]; then
    while IFS= read -r -d '' big; do
        remove_path "$big"
    done < <(find "$PROJECT_ROOT/scratch" -type f -size +"${MAX_SCRATCH_MB}"M -print0)
fi

if [ "$DRY_RUN" -eq 0 ]; then
    du -sh "$PROJECT_ROOT" 2>/dev/null | awk '{print "[tidy] project size now " $1}'
fi
log "done"
