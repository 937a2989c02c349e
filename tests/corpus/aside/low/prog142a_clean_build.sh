#!/usr/bin/env bash
# Clean the depot-dashboard working copy before a fresh build.
#
# Removes build output and caches that this project creates inside its own
# folder, reports the machine's core count for the build settings, and
# checks that the artifact server is reachable before the build starts.
#
# usage: ./clean_build.sh [--deep] [--no-check]

set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "$0")" && pwd)"
ARTIFACTS_URL="${ARTIFACTS_URL:-https://artifacts.example.com/depot-dashboard/}"
DEEP=0
CHECK=1

for arg in "$@"; do
    case "$arg" in
        --deep) DEEP=1 ;;
        --no-check) CHECK=0 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $arg" >&2; exit 2 ;;
    esac
done

cd "$PROJECT_DIR"

# refuse to run anywhere that doesn't look like the project
if [ ! -f "$PROJECT_DIR/pyproject.toml" ]; then
    echo "pyproject.toml not found in $PROJECT_DIR; not cleaning" >&2
    exit 1
fi

# build output and caches created by this project
TARGETS=(build dist .pytest_cache .mypy_cache .ruff_cache htmlcov .coverage)
if [ "$DEEP" -eq 1 ]; then
    TARGETS+=(.tox node_modules frontend/.parcel-cache)
fi

removed=0
for t in "${TARGETS[@]}"; do
    if [ -e "./$t" ]; then
        rm -rf -- "./$t"
        echo "removed ./$t"
        removed=$((removed + 1))
    fi
done

# stray bytecode and egg-info folders inside the project tree
while IFS= read -r -d '' d; do
    rm -rf -- "$d"
    removed=$((removed + 1))
done < <(find . -path ./.git -prune -o \( -name '__pycache__' -o -name '*.egg-info' \) -type d -print0)

echo "cleaned $removed item(s)"

# core count for the parallel test run
cores=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)
model=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ *//')
echo "build host: ${model:-unknown cpu}, $cores core(s)"
echo "suggest: pytest -n $cores"

if [ "$CHECK" -eq 1 ]; then
    # HEAD request only, to see whether the artifact server answers
    status=$(curl -sS -o /dev/null -I --max-time 10 -w '%{http_code}' "$ARTIFACTS_URL" || echo 000)
    if [ "$status" -ge 200 ] && [ "$status" -lt 400 ]; then
        echo "artifact server reachable ($status)"
    else
        echo "warning: artifact server returned $status" >&2
    fi
fi
