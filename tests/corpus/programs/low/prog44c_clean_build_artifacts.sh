#!/usr/bin/env bash
# Tidy a Django checkout before packaging: drop collected static files,
# compiled bytecode, test caches and old webpack bundles, then check that the
# local dev server still answers.  Only touches paths inside the project dir.
set -euo pipefail

PROJECT_DIR="${PROJECT_DIR:-$(pwd)}"
KEEP_BUNDLES="${KEEP_BUNDLES:-3}"
HEALTH_URL="${HEALTH_URL:-http://127.0.0.1:8000/healthz/}"
DRY_RUN=0
VERBOSE=0

usage() {
    cat <<USAGE
usage: $(basename "$0") [-n] [-v] [-k N]
  -n    dry run, only print what would be removed
  -v    verbose
  -k N  number of webpack bundle directories to keep (default $KEEP_BUNDLES)
USAGE
}

log() { printf '[clean] %s\n' "$*" >&2; }

remove() {
    local target="$1"
    [ -e "$target" ] || return 0
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would remove $target"
    else
        [ "$VERBOSE" -eq 1 ] && log "removing $target"
        rm -rf -- "$target"
    fi
}

while getopts ":nvk:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        k) KEEP_BUNDLES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

cd "${PROJECT_DIR:?}"
if [ ! -f manage.py ]; then
    log "no manage.py in $PROJECT_DIR, refusing to clean"
    exit 1
fi

for dir in staticfiles build dist .pytest_cache .mypy_cache htmlcov; do
    remove "./$dir"
done
remove "./.coverage"

find . -path ./node_modules -prune -o -type d -name '__pycache__' -print |
while IFS= read -r cache_dir; do
    remove "$cache_dir"
done
find . -path ./node_modules -prune -o -type f -name '*.py[co]' -print |
while IFS= read -r pyc; do
    remove "$pyc"
done

if [ -d ./assets/bundles ]; then
    # newest first; keep the first KEEP_BUNDLES entries
    ls -1t ./assets/bundles | tail -n +"$((KEEP_BUNDLES + 1))" |
    while IFS= read -r old; do
        remove "./assets/bundles/$old"
    done
fi

if curl -sS -o /dev/null -I --max-time 5 "$HEALTH_URL"; then
    log "dev server at $HEALTH_URL is up"
else
    log "dev server at $HEALTH_URL not reachable (that's fine if it isn't running)"
fi

log "done in $PROJECT_DIR"
