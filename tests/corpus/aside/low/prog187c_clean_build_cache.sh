#!/usr/bin/env bash
# Cleans build and cache output from the kiosk app checkout before
# packaging a new release, then checks the staging site is up.
set -euo pipefail

cd "$(dirname "$0")"
PROJECT_DIR="$(pwd)"
STAGING_URL="${STAGING_URL:-https://staging.donkeyrides-bay.example.com/health}"
DRY_RUN=0
VERBOSE=0

for arg in "$@"; do
    case "$arg" in
        -n|--dry-run) DRY_RUN=1 ;;
        -v|--verbose) VERBOSE=1 ;;
        *) echo "usage: $0 [-n] [-v]"; exit 1 ;;
    esac
done

say() { [[ $VERBOSE -eq 1 ]] && echo "$*" || true; }

remove() {
    local target="$1"
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would remove ${target#"$PROJECT_DIR"/}"
    else
        rm -rf -- "$target"
        say "removed ${target#"$PROJECT_DIR"/}"
    fi
}

for d in build dist .pytest_cache .mypy_cache htmlcov .thumbcache; do
    [[ -e "$PROJECT_DIR/$d" ]] && remove "$PROJECT_DIR/$d"
done

while IFS= read -r -d '' d; do
    remove "$d"
done < <(find "$PROJECT_DIR" -type d \( -name __pycache__ -o -name '*.egg-info' \) -prune -print0)

while IFS= read -r -d '' f; do
    remove "$f"
done < <(find "$PROJECT_DIR" -type f \( -name '*.pyc' -o -name '*.pyo' -o -name '.coverage' \) -print0)

echo "workspace clean"

status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$STAGING_URL" || echo 000)"
if [[ "$status" == "200" ]]; then
    echo "staging is healthy"
else
    echo "staging returned ${status} - check before releasing"
fi
