#!/usr/bin/env bash
# clean: remove build output and tool caches from this checkout.
#
# Usage: scripts/clean.sh [-n|--dry-run] [--all]
#   --all   also remove .venv and node_modules
#
# Only paths inside the repository are touched; tracked files are never
# removed even if they match a pattern.
set -euo pipefail

DRY_RUN=0
ALL=0
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

DIR_PATTERNS=(build dist .eggs "*.egg-info" __pycache__ .pytest_cache .mypy_cache
              .ruff_cache .tox .nox htmlcov .coverage_html .parcel-cache .next)
FILE_PATTERNS=("*.pyc" "*.pyo" .coverage "coverage.xml" "*.log.tmp")
HEAVY_DIRS=(.venv node_modules)

usage() { sed -n '2,8p' "$0"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        --all) ALL=1 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option $1" >&2; usage; exit 2 ;;
    esac
    shift
done

# refuse to run anywhere that does not look like our checkout
if [[ ! -f "$ROOT/pyproject.toml" && ! -f "$ROOT/package.json" ]]; then
    echo "clean: $ROOT does not look like the project root" >&2
    exit 1
fi

is_tracked() {
    git -C "$ROOT" ls-files --error-unmatch -- "$1" >/dev/null 2>&1
}

remove() {
    local path="$1" rel="${1#$ROOT/}"
    if is_tracked "$rel"; then
        echo "  keep   $rel (tracked)"
        return
    fi
    if (( DRY_RUN )); then
        echo "  would  $rel"
    else
        rm -rf -- "$path"
        echo "  rm     $rel"
    fi
    COUNT=$((COUNT + 1))
}

COUNT=0
find_args=()
for p in "${DIR_PATTERNS[@]}"; do find_args+=(-o -name "$p"); done
while IFS= read -r -d '' d; do
    remove "$d"
done < <(find "$ROOT" \( -path "$ROOT/.git" -o -path "$ROOT/.venv" -o -path "$ROOT/node_modules" \) -prune \
            -o -type d \( -false "${find_args[@]}" \) -print0 -prune)

find_args=()
for p in "${FILE_PATTERNS[@]}"; do find_args+=(-o -name "$p"); done
while IFS= read -r -d '' f; do
    remove "$f"
done < <(find "$ROOT" \( -path "$ROOT/.git" -o -path "$ROOT/.venv" -o -path "$ROOT/node_modules" \) -prune \
            -o -type f \( -false "${find_args[@]}" \) -print0)

if (( ALL )); then
    for d in "${HEAVY_DIRS[@]}"; do
        [[ -d "$ROOT/$d" ]] && remove "$ROOT/$d"
    done
fi

if (( DRY_RUN )); then
    echo "clean: $COUNT path(s) would be removed"
else
    echo "clean: removed $COUNT path(s)"
fi
