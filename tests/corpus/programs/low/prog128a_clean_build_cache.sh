#!/bin/sh
# clean_build_cache.sh - tidy the route-planner checkout before zipping it for a depot
#
# Removes Python bytecode, test and lint caches, build output and the local
# tile cache that the map preview fills up, then reports how much was freed.
# Only touches paths inside the project directory.
#
#   ./clean_build_cache.sh            # clean the checkout this script lives in
#   ./clean_build_cache.sh -n         # show what would go
#   ./clean_build_cache.sh -k tiles   # keep the map tile cache

set -eu

ROOT=$(cd "$(dirname "$0")" && pwd)
DRY_RUN=0
KEEP=""

usage() {
    echo "usage: $0 [-n] [-k tiles|venv] [-C dir]" >&2
    exit 64
}

while getopts "nk:C:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP="$KEEP $OPTARG" ;;
        C) ROOT=$(cd "$OPTARG" && pwd) ;;
        *) usage ;;
    esac
done

[ -f "$ROOT/pyproject.toml" ] || [ -f "$ROOT/setup.cfg" ] || {
    echo "refusing: $ROOT does not look like the route-planner checkout" >&2
    exit 2
}

keeps() {
    case " $KEEP " in *" $1 "*) return 0 ;; esac
    return 1
}

size_kb() {
    du -sk "$ROOT" 2>/dev/null | cut -f1
}

zap() {
    for p in "$@"; do
        [ -e "$p" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            echo "would remove ${p#"$ROOT"/}"
        else
            rm -rf -- "$p"
        fi
    done
}

before=$(size_kb)
cd "$ROOT"

zap "$ROOT/build" "$ROOT/dist" "$ROOT/.eggs" "$ROOT/htmlcov" "$ROOT/.coverage" \
    "$ROOT/.pytest_cache" "$ROOT/.mypy_cache" "$ROOT/.ruff_cache" "$ROOT/.tox"

find "$ROOT" -path "$ROOT/.git" -prune -o \
     \( -name '__pycache__' -type d -o -name '*.egg-info' -type d \) -print |
while IFS= read -r d; do
    zap "$d"
done

find "$ROOT" -path "$ROOT/.git" -prune -o \
     \( -name '*.py[co]' -o -name '*.orig' -o -name '*.rej' \) -type f -print |
while IFS= read -r f; do
    zap "$f"
done

keeps tiles || zap "$ROOT/.tile_cache" "$ROOT/var/osrm_cache"
keeps venv  || zap "$ROOT/.venv"

after=$(size_kb)
if [ "$DRY_RUN" -eq 0 ]; then
    echo "cleaned $ROOT: $(( (before - after) / 1024 )) MB freed"
fi
