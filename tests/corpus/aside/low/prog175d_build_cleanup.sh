#!/usr/bin/env bash
# Clean the build and cache output of the shop-tools repository (label
# templates, catalogue generator, till plugins) before making a release
# bundle.  Only touches folders inside this checkout.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DRY_RUN=0
KEEP_DIST=0

TARGET_DIRS=(build dist .pytest_cache .mypy_cache htmlcov catalog_preview snapshots/tmp)
TARGET_GLOBS=('*.pyc' '*.pyo' '*.egg-info' '.coverage' '*.log')

usage() {
    cat <<EOF
usage: $(basename "$0") [-n] [-k]
  -n  dry run, list what would be removed
  -k  keep dist/ (release bundles)
EOF
}

while getopts ":nkh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_DIST=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

remove() {
    local path="$1"
    if (( DRY_RUN )); then
        echo "would remove ${path#"$ROOT"/}"
    else
        rm -rf -- "$path"
        echo "removed ${path#"$ROOT"/}"
    fi
}

clean_dirs() {
    local d
    for d in "${TARGET_DIRS[@]}"; do
        if [[ "$d" == dist && $KEEP_DIST -eq 1 ]]; then
            continue
        fi
        [[ -e "${ROOT:?}/$d" ]] && remove "$ROOT/$d"
    done
    while IFS= read -r -d '' cache; do
        remove "$cache"
    done < <(find "$ROOT" -type d -name __pycache__ -not -path '*/.git/*' -print0)
}

clean_files() {
    local g
    for g in "${TARGET_GLOBS[@]}"; do
        while IFS= read -r -d '' f; do
            remove "$f"
        done < <(find "$ROOT" -name "$g" -not -path '*/.git/*' -not -path '*/.venv/*' -print0)
    done
}

report_size() {
    du -sh "$ROOT" 2>/dev/null | awk '{print "checkout size now: " $1}'
}

cd "$ROOT"
if [[ ! -f "$ROOT/pyproject.toml" ]]; then
    echo "not in the shop-tools checkout, refusing to clean" >&2
    exit 1
fi
clean_dirs
clean_files
report_size
