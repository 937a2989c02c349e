#!/usr/bin/env bash
# Clean and cache-key helper for the greenhouse-dashboard repository.
# Removes build output in this checkout and prints cache keys for CI.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")" && pwd)"
INDEX_URL="${INDEX_URL:-https://pypi.org/simple/}"
ARTEFACTS=(build dist .pytest_cache .mypy_cache htmlcov .coverage)
LOCKFILES=(requirements.txt requirements-dev.txt package-lock.json)

usage() {
    cat <<EOF
Usage: $(basename "$0") [clean|keys|check|all]
  clean  remove build artefacts and __pycache__ inside $ROOT
  keys   print md5 cache keys of the lock files
  check  HEAD the package index to see if CI can reach it
EOF
}

clean() {
    local item removed=0
    cd "$ROOT"
    for item in "${ARTEFACTS[@]}"; do
        if [ -e "$item" ]; then
            rm -rf -- "./$item"
            removed=$((removed + 1))
        fi
    done
    while IFS= read -r -d '' d; do
        rm -rf -- "$d"
        removed=$((removed + 1))
    done < <(find . -path ./.git -prune -o -type d -name '__pycache__' -print0)
    find . -path ./.git -prune -o -type f -name '*.py[co]' -delete
    echo "removed $removed artefact paths"
}

cache_key() {
    local f="$1"
    [ -f "$ROOT/$f" ] || { echo "$f missing"; return; }
    printf '%-22s %s\n' "$f" "$(md5sum "$ROOT/$f" | cut -d' ' -f1)"
}

keys() {
    local f
    for f in "${LOCKFILES[@]}"; do
        cache_key "$f"
    done
}

check() {
    local code
    code="$(curl -sS -o /dev/null -I -w '%{http_code}' --max-time 10 "$INDEX_URL" || echo 000)"
    if [ "$code" = "200" ]; then
        echo "index reachable ($INDEX_URL)"
    else
        echo "index returned $code" >&2
        return 1
    fi
}

all() { clean; keys; check; }

declare -A DISPATCH=([clean]=clean [keys]=keys [check]=check [all]=all)

cmd="${1:-all}"
if [ -z "${DISPATCH[$cmd]+x}" ]; then
    usage
    exit 2
fi
"${DISPATCH[$cmd]}"
