#!/bin/sh
# Removes generated files from the sign-layout tools checkout before packaging.
set -eu

PROJECT_DIR="$(cd "$(dirname "$0")" && pwd)"
GENERATED_DIRS="build dist .cache .pytest_cache previews/thumbs"
GENERATED_FILES="*.pyc *.log *.tmp"
DRY_RUN=0

usage() {
    echo "usage: $0 [-n]   (-n: only list what would be removed)"
}

while getopts "nh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

remove_path() {
    target="$1"
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would remove $target"
    else
        rm -rf -- "$target"
        echo "removed $target"
    fi
}

clean_dirs() {
    for d in $GENERATED_DIRS; do
        path="$PROJECT_DIR/$d"
        [ -e "$path" ] && remove_path "$path"
    done
    find "$PROJECT_DIR" -type d -name __pycache__ -prune | while read -r p; do
        remove_path "$p"
    done
}

clean_files() {
    for pattern in $GENERATED_FILES; do
        find "$PROJECT_DIR" -type f -name "$pattern" -not -path "*/.git/*" | while read -r f; do
            remove_path "$f"
        done
    done
}

report() {
    size="$(du -sh "$PROJECT_DIR" 2>/dev/null | cut -f1)"
    echo "project size now: $size"
}

cd "$PROJECT_DIR"
case "$PROJECT_DIR" in
    /|"$HOME")
        echo "refusing to clean $PROJECT_DIR" >&2
        exit 1
        ;;
esac
clean_dirs
clean_files
report
