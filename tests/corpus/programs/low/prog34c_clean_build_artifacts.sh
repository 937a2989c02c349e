#!/usr/bin/env bash
# clean_build_artifacts.sh - remove build outputs and caches from this checkout.
#
# Called by `make clean` and `make distclean`.  Only ever touches paths
# inside the project root (the directory holding pyproject.toml or Makefile),
# and refuses to run anywhere else.

set -euo pipefail

DRY_RUN=0
DEEP=0
VERBOSE=0

usage() {
    cat <<'EOF'
Usage: clean_build_artifacts.sh [-n] [-d] [-v]
  -n   dry run: print what would be removed
  -d   deep clean: also remove virtualenv and node_modules
  -v   verbose
EOF
}

log() {
    if [ "$VERBOSE" -eq 1 ]; then
        printf '[clean] %s\n' "$*" >&2
    fi
}

while getopts "ndvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) DEEP=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

PROJECT_ROOT="$(pwd -P)"

if [ ! -f "$PROJECT_ROOT/pyproject.toml" ] && [ ! -f "$PROJECT_ROOT/Makefile" ]; then
    echo "error: run this from the project root (no pyproject.toml or Makefile here)" >&2
    exit 1
fi

case "$PROJECT_ROOT" in
    /|"$HOME"|/home|/usr|/usr/*|/etc|/etc/*)
        echo "error: refusing to clean $PROJECT_ROOT" >&2
        exit 1
        ;;
esac

remove_path() {
    local target="$1"
    # Only allow relative targets that resolve inside the project.
    case "$target" in
        /*|*..*) echo "skip unsafe path: $target" >&2; return 0 ;;
    esac
    if [ -e "$target" ] || [ -L "$target" ]; then
        if [ "$DRY_RUN" -eq 1 ]; then
            echo "would remove ./$target"
        else
            log "removing ./$target"
            rm -rf -- "./$target"
        fi
    fi
}

TOP_LEVEL=(
    build
    dist
    .eggs
    htmlcov
    .coverage
    .pytest_cache
    .mypy_cache
    .ruff_cache
    .tox
    docs/_build
)

for item in "${TOP_LEVEL[@]}"; do
    remove_path "$item"
done

# egg-info directories can live in the root or under src/
for egg in ./*.egg-info ./src/*.egg-info; do
    [ -e "$egg" ] || continue
    remove_path "${egg#./}"
done

# Byte-code caches anywhere below the project, but never inside .git
count=0
while IFS= read -r -d '' cache_dir; do
    count=$((count + 1))
    remove_path "${cache_dir#./}"
done < <(find . -path ./.git -prune -o -type d -name __pycache__ -print0)
log "found $count __pycache__ directories"

if [ "$DRY_RUN" -eq 1 ]; then
    find . -path ./.git -prune -o -type f \( -name '*.pyc' -o -name '*.pyo' \) -print
else
    find . -path ./.git -prune -o -type f \( -name '*.pyc' -o -name '*.pyo' \) -delete
fi

if [ "$DEEP" -eq 1 ]; then
    remove_path .venv
    remove_path node_modules
    remove_path .toolchain-cache
fi

echo "clean complete in $PROJECT_ROOT"
