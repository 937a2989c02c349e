#!/usr/bin/env bash
# Remove build outputs and caches of this project (working directory only).
set -euo pipefail

ROOT="$(pwd)"
DRY_RUN=0
KEEP_LOGS=0
VERBOSE=0

usage() {
    cat <<USAGE
usage: $(basename "$0") [-n] [-k] [-v]
  -n  dry run: only print what would be removed
  -k  keep ./build/*.log files
  -v  verbose
USAGE
}

while getopts "nkvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_LOGS=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { printf '[clean] %s\n' "$*" >&2; }
debug() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

platform() {
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        ( . /etc/os-release && printf '%s %s' "${ID:-linux}" "${VERSION_ID:-}" )
    else
        uname -s
    fi
}

remove() {
    local target="$1"
    case "$target" in
        "$ROOT"/*) ;;
        *) log "refusing to touch $target (outside $ROOT)"; return 1 ;;
    esac
    if [ "$DRY_RUN" -eq 1 ]; then
        printf 'would remove %s\n' "$target"
    else
        rm -rf -- "$target"
        debug "removed $target"
    fi
}

[ -f "$ROOT/pyproject.toml" ] || [ -f "$ROOT/setup.py" ] || [ -f "$ROOT/Makefile" ] || {
    log "no project marker in $ROOT; run from the project root"
    exit 1
}

log "cleaning $ROOT on $(platform)"

TOP_LEVEL=(dist .pytest_cache .mypy_cache .ruff_cache htmlcov .coverage .tox)
for name in "${TOP_LEVEL[@]}"; do
    [ -e "$ROOT/$name" ] && remove "$ROOT/$name"
done

if [ -d "$ROOT/build" ]; then
    if [ "$KEEP_LOGS" -eq 1 ]; then
        find "$ROOT/build" -mindepth 1 -maxdepth 1 ! -name '*.log' -print0 |
            while IFS= read -r -d '' entry; do remove "$entry"; done
    else
        remove "$ROOT/build"
    fi
fi

count=0
while IFS= read -r -d '' cache; do
    remove "$cache"
    count=$((count + 1))
done < <(find "$ROOT" -path "$ROOT/.git" -prune -o \
              \( -type d -name __pycache__ -o -type d -name '*.egg-info' \) -print0)

if [ "$DRY_RUN" -eq 0 ]; then
    find "$ROOT" -path "$ROOT/.git" -prune -o -type f -name '*.py[co]' -print0 |
        xargs -0 -r rm -f --
fi

log "done; $count cache director(ies) handled"
