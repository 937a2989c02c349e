#!/usr/bin/env bash
# clean_build_cache.sh - tidy the exhibit-kiosk project checkout
#
# Removes what the build and test runs leave behind in this project:
# packaging output, Python caches, test caches and the rendered exhibit
# bundle.  Only touches paths inside the project directory.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DRY_RUN=0
KEEP_BUNDLE=0

usage() {
    echo "Usage: $0 [-n] [-k]"
    echo "  -n   list what would be removed"
    echo "  -k   keep the rendered exhibit bundle (out/bundle)"
}

while getopts ":nkh" o; do
    case "$o" in
        n) DRY_RUN=1 ;;
        k) KEEP_BUNDLE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

cd "$PROJECT_DIR"

TARGETS=(build dist .pytest_cache .mypy_cache .ruff_cache htmlcov .coverage)
[[ $KEEP_BUNDLE -eq 1 ]] || TARGETS+=(out/bundle)

remove() {
    local p="$1"
    case "$p" in
        /*|*..*) echo "refusing to remove $p"; return 1 ;;
    esac
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would remove $p"
    else
        rm -rf -- "$p"
        echo "removed $p"
    fi
}

freed_before=$(du -sk . | cut -f1)

for t in "${TARGETS[@]}"; do
    [[ -e "$t" ]] && remove "$t"
done

while IFS= read -r -d '' d; do
    remove "${d#./}"
done < <(find . -path ./.git -prune -o -type d \( -name __pycache__ -o -name '*.egg-info' \) -prune -print0)

if [[ $DRY_RUN -eq 0 ]]; then
    freed_after=$(du -sk . | cut -f1)
    echo "freed $(( (freed_before - freed_after) / 1024 )) MiB in $PROJECT_DIR"
fi
