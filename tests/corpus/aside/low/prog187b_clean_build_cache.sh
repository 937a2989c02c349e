#!/usr/bin/env bash
# Clean the build and cache files from the catalogue project checkout.
# Only touches directories inside the current project folder.
set -euo pipefail

PROJECT_DIR="$(pwd)"
DRY_RUN=0
KEEP_PDF=0

usage() {
    cat <<USAGE
Usage: $0 [-n] [-k]
  -n   dry run, list what would be removed
  -k   keep the built catalogue PDFs in build/pdf
USAGE
}

while getopts "nkh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_PDF=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ ! -f "$PROJECT_DIR/catalogue.toml" ]]; then
    echo "run this from the catalogue project folder (no catalogue.toml here)" >&2
    exit 1
fi

remove() {
    local target="$1"
    case "$target" in
        "$PROJECT_DIR"/*) ;;
        *) echo "refusing to remove $target (outside project)" >&2; return ;;
    esac
    if (( DRY_RUN )); then
        echo "would remove $target"
    else
        rm -rf -- "$target"
        echo "removed $target"
    fi
}

freed_before=$(du -sk "$PROJECT_DIR" | cut -f1)

for dir in .cache .pytest_cache .mypy_cache dist; do
    if [[ -e "$PROJECT_DIR/$dir" ]]; then
        remove "$PROJECT_DIR/$dir"
    fi
done

if [[ -d "$PROJECT_DIR/build" ]]; then
    if (( KEEP_PDF )); then
        find "$PROJECT_DIR/build" -mindepth 1 -maxdepth 1 ! -name pdf -print0 |
            while IFS= read -r -d '' p; do remove "$p"; done
    else
        remove "$PROJECT_DIR/build"
    fi
fi

find "$PROJECT_DIR" -type d -name __pycache__ -prune -print0 |
    while IFS= read -r -d '' p; do remove "$p"; done
find "$PROJECT_DIR" -type f \( -name '*.pyc' -o -name '*.aux' -o -name '*.log' \) -path "$PROJECT_DIR/build/*" -print0 |
    while IFS= read -r -d '' p; do remove "$p"; done

if (( ! DRY_RUN )); then
    freed_after=$(du -sk "$PROJECT_DIR" | cut -f1)
    echo "freed $(( (freed_before - freed_after) / 1024 )) MB"
fi
