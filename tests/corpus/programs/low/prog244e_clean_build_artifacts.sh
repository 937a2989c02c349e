#!/usr/bin/env bash
# Clean build and cache artefacts from the race-results tools checkout.
# Only ever touches paths inside the project directory it is run from.
set -euo pipefail

PROJECT_MARKER="pyproject.toml"
DRY_RUN=0
DEEP=0
VERBOSE=0

usage() {
    cat <<EOF2
usage: $0 [-n] [-d] [-v]
  -n  dry run: list what would be removed
  -d  deep clean: also remove the local virtualenv and tide/standings caches
  -v  verbose
EOF2
}

while getopts ":ndvh" o; do
    case "$o" in
        n) DRY_RUN=1 ;;
        d) DEEP=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { [ "$VERBOSE" -eq 1 ] && echo "clean: $*" || true; }

ROOT="$(pwd -P)"
if [ ! -f "$ROOT/$PROJECT_MARKER" ]; then
    echo "clean: run this from the project root (no $PROJECT_MARKER here)" >&2
    exit 1
fi

# Relative targets, always resolved under $ROOT.
BUILD_TARGETS=(build dist .pytest_cache .mypy_cache htmlcov .coverage)
DEEP_TARGETS=(.venv .tide_cache .standings.cache)
PATTERN_DIRS=(__pycache__ "*.egg-info")
PATTERN_FILES=("*.pyc" "*.pyo" "results.html")

inside_root() {
    local p
    p="$(realpath -m -- "$1")"
    case "$p" in
        "$ROOT"/*) return 0 ;;
        *) return 1 ;;
    esac
}

remove() {
    local target="$1"
    [ -e "$target" ] || return 0
    if ! inside_root "$target"; then
        echo "clean: refusing to touch $target (outside project)" >&2
        return 1
    fi
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would remove ${target#$ROOT/}"
    else
        rm -rf -- "$target"
        log "removed ${target#$ROOT/}"
    fi
}

count=0
targets=("${BUILD_TARGETS[@]}")
[ "$DEEP" -eq 1 ] && targets+=("${DEEP_TARGETS[@]}")

for t in "${targets[@]}"; do
    if [ -e "$ROOT/$t" ]; then
        remove "$ROOT/$t" && count=$((count + 1))
    fi
done

for pat in "${PATTERN_DIRS[@]}"; do
    while IFS= read -r -d '' d; do
        remove "$d" && count=$((count + 1))
    done < <(find "$ROOT" -path "$ROOT/.venv" -prune -o -type d -name "$pat" -print0)
done

for pat in "${PATTERN_FILES[@]}"; do
    while IFS= read -r -d '' f; do
        remove "$f" && count=$((count + 1))
    done < <(find "$ROOT" -path "$ROOT/.venv" -prune -o -type f -name "$pat" -print0)
done

if [ "$DRY_RUN" -eq 1 ]; then
    echo "clean: dry run complete"
else
    echo "clean: removed $count item(s)"
fi
