#!/usr/bin/env bash
# gamedev-tidy: reclaim disk space inside a pygame/godot project checkout.
# Removes only build output and caches that this project generates itself,
# and only below the current directory.  Use -n to see what would go.
set -euo pipefail

DRY_RUN=0
VERBOSE=0
KEEP_EXPORTS=0
PROJECT_ROOT="$(pwd -P)"

# directory names that are always safe to regenerate
CACHE_DIRS=(__pycache__ .pytest_cache .mypy_cache .ruff_cache build dist .godot/imported .import)
# file patterns produced by builds / editors
CACHE_FILES=('*.pyc' '*.pyo' '*.spec.bak' '*.tmp' '.DS_Store' 'Thumbs.db')

usage() {
    cat <<USAGE
usage: ${0##*/} [-n] [-v] [-k]
  -n   dry run, only list what would be removed
  -v   verbose
  -k   keep ./exports (finished game builds)
USAGE
}

log() { printf '[tidy] %s\n' "$*"; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

while getopts ":nvkh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        k) KEEP_EXPORTS=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

# refuse to run anywhere that does not look like a project checkout
if [ ! -e "$PROJECT_ROOT/pyproject.toml" ] && [ ! -e "$PROJECT_ROOT/project.godot" ] \
   && [ ! -e "$PROJECT_ROOT/main.py" ]; then
    log "no pyproject.toml / project.godot / main.py here; not a game project, stopping"
    exit 1
fi
if [ "$PROJECT_ROOT" = "$HOME" ] || [ "$PROJECT_ROOT" = "/" ]; then
    log "refusing to run in $PROJECT_ROOT"
    exit 1
fi

size_of() {
    du -sk "$1" 2>/dev/null | cut -f1
}

freed_kb=0
remove_path() {
    local p="$1" kb
    kb=$(size_of "$p")
    kb=${kb:-0}
    freed_kb=$((freed_kb + kb))
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would remove ${p#./} (${kb} KiB)"
    else
        vlog "removing ${p#./} (${kb} KiB)"
        rm -rf -- "$p"
    fi
}

log "cleaning caches under $PROJECT_ROOT"
for name in "${CACHE_DIRS[@]}"; do
    if [[ "$name" == */* ]]; then
        [ -d "./$name" ] && remove_path "./$name"
        continue
    fi
    while IFS= read -r -d '' dir; do
        remove_path "$dir"
    done < <(find . -path ./.git -prune -o -type d -name "$name" -print0)
done

for pattern in "${CACHE_FILES[@]}"; do
    while IFS= read -r -d '' f; do
        remove_path "$f"
    done < <(find . -path ./.git -prune -o -type f -name "$pattern" -print0)
done

if [ "$KEEP_EXPORTS" -eq 0 ] && [ -d ./exports ]; then
    # exported builds older than a week
    while IFS= read -r -d '' f; do
        remove_path "$f"
    done < <(find ./exports -type f -mtime +7 -print0)
fi

if [ "$DRY_RUN" -eq 1 ]; then
    log "dry run: about $((freed_kb / 1024)) MiB could be freed"
else
    log "done, freed about $((freed_kb / 1024)) MiB"
fi
