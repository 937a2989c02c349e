#!/usr/bin/env bash
# Tidy the build outputs of the Larkspur Ballet website project.
# Removes generated pages, image renditions and tool caches from the
# project folder so the next build starts clean. Only touches paths
# inside the project directory this script lives in.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DRY_RUN=0
DEEP=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-d]
  -n   show what would be removed
  -d   deep clean: also remove node_modules and the virtualenv
EOF
}

while getopts ":ndh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) DEEP=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

cd "$PROJECT_DIR"

SHALLOW_TARGETS=(
    "_site"
    "build"
    ".cache"
    "static/renditions"
    ".pytest_cache"
)
DEEP_TARGETS=(
    "node_modules"
    ".venv"
)

size_of() {
    du -sh "$1" 2>/dev/null | cut -f1
}

remove_target() {
    local rel="$1"
    case "$rel" in
        ""|"/"|".."|/*|*..*) echo "refusing odd path '$rel'" >&2; return 1 ;;
    esac
    [[ -e "$rel" ]] || return 0
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would remove ./$rel ($(size_of "$rel"))"
    else
        echo "removing ./$rel ($(size_of "$rel"))"
        rm -rf -- "./$rel"
    fi
}

clean_pycache() {
    local count
    count="$(find . -path ./node_modules -prune -o -type d -name __pycache__ -print | wc -l)"
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would remove $count __pycache__ folders"
    else
        find . -path ./node_modules -prune -o -type d -name __pycache__ -prune -exec rm -rf {} +
        echo "removed $count __pycache__ folders"
    fi
}

for t in "${SHALLOW_TARGETS[@]}"; do
    remove_target "$t"
done
clean_pycache
if [[ $DEEP -eq 1 ]]; then
    for t in "${DEEP_TARGETS[@]}"; do
        remove_target "$t"
    done
fi
echo "project at $PROJECT_DIR is clean"
