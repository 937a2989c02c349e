#!/usr/bin/env bash
# Remove build outputs and caches that this project itself generates.
# Only paths inside the repository root are touched; run from the repo root.
set -euo pipefail

DRY_RUN=0
VERBOSE=0
KEEP_DIST=0

usage() {
    cat <<EOF
usage: $(basename "$0") [-n] [-v] [-k]
  -n   dry run, only list what would be removed
  -v   verbose
  -k   keep dist/ (release artefacts)
EOF
}

while getopts "nvkh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        k) KEEP_DIST=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { printf '[tidy] %s\n' "$*"; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

if [ ! -f "./pyproject.toml" ] && [ ! -f "./setup.cfg" ]; then
    log "not at a project root (no pyproject.toml/setup.cfg); refusing"
    exit 1
fi

ROOT="$(pwd -P)"
TOP_LEVEL_DIRS=(build .pytest_cache .mypy_cache .ruff_cache htmlcov .tox)
[ "$KEEP_DIST" -eq 0 ] && TOP_LEVEL_DIRS+=(dist)

removed=0
remove_path() {
    local p="$1"
    case "$(cd "$(dirname "$p")" && pwd -P)" in
        "$ROOT"|"$ROOT"/*) ;;
        *) log "skipping $p: outside project"; return 0 ;;
    esac
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would remove $p"
    else
        rm -rf -- "$p"
        vlog "removed $p"
    fi
    removed=$((removed + 1))
}

for d in "${TOP_LEVEL_DIRS[@]}"; do
    [ -e "./$d" ] && remove_path "./$d"
done

# nested caches and compiled files
while IFS= read -r -d '' p; do
    remove_path "$p"
done < <(find . -path ./.git -prune -o \
    \( -type d -name '__pycache__' -o -type d -name '*.egg-info' \) -print0)

while IFS= read -r -d '' f; do
    remove_path "$f"
done < <(find . -path ./.git -prune -o -type f \( -name '*.pyc' -o -name '.coverage.*' \) -print0)

if [ -f ./.coverage ]; then
    remove_path ./.coverage
fi

log "done: $removed item(s) $( [ "$DRY_RUN" -eq 1 ] && echo 'listed' || echo 'removed')"
