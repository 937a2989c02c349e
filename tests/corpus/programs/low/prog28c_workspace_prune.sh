#!/usr/bin/env bash
# workspace_prune.sh — reclaim disk space in the CI workspace between jobs on
# persistent runners. Only build outputs and caches *inside the repository*
# are touched; sources and the .git directory are left alone.
set -euo pipefail

KEEP_DAYS=3
DRY_RUN=0
DEEP=0

log() { printf '[prune] %s\n' "$*"; }

usage() {
    cat <<EOF
Usage: ${0##*/} [-n] [-d] [-k days]
  -n        dry run (print what would be removed)
  -d        deep clean: also drop dependency caches (node_modules/.cache, .venv)
  -k DAYS   keep packaged artifacts in dist/ younger than DAYS (default $KEEP_DAYS)
EOF
}

while getopts ":ndk:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) DEEP=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || { echo "-k expects a number" >&2; exit 2; }

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd -P)"
case "$ROOT" in
    /|"$HOME"|"") echo "refusing to prune $ROOT" >&2; exit 1 ;;
esac
cd "$ROOT"

before_kb="$(du -sk . 2>/dev/null | cut -f1)"

remove() {
    local target
    for target in "$@"; do
        [[ -e "$target" ]] || continue
        if [[ $DRY_RUN -eq 1 ]]; then
            log "would remove ./${target#./}"
        else
            rm -rf -- "$target"
            log "removed ./${target#./}"
        fi
    done
}

# Top-level build directories produced by our own build.
BUILD_DIRS=(build out target coverage htmlcov .pytest_cache .mypy_cache .ruff_cache .tox .nox)
remove "${BUILD_DIRS[@]}"

# Scattered bytecode and egg-info directories.
while IFS= read -r -d '' d; do
    remove "$d"
done < <(find . -path ./.git -prune -o \
              \( -type d \( -name __pycache__ -o -name '*.egg-info' \) -print0 \))

# Old packaged artifacts in dist/, keep recent ones for re-uploads.
if [[ -d dist ]]; then
    while IFS= read -r -d '' f; do
        remove "$f"
    done < <(find dist -maxdepth 1 -type f -mtime "+$KEEP_DAYS" -print0)
fi

if [[ $DEEP -eq 1 ]]; then
    remove node_modules/.cache .venv .gradle/caches
    for pkg in packages/*/; do
        remove "${pkg}node_modules/.cache" "${pkg}dist"
    done
fi

if [[ $DRY_RUN -eq 0 ]]; then
    after_kb="$(du -sk . 2>/dev/null | cut -f1)"
    log "freed $(( (before_kb - after_kb) / 1024 )) MiB in $ROOT"
fi
