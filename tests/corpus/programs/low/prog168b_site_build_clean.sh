#!/bin/sh
# Cleans generated output from the museum website project (static site
# generator for the ropewalk opening times, events and collection pages).
# Run from anywhere; it only ever touches the project folder it lives in.

set -eu

PROJECT_ROOT="$(cd "$(dirname "$0")" && pwd)"
DRY_RUN=0
DEEP=0

usage() {
    cat <<USAGE
usage: $(basename "$0") [-n] [-d]
  -n  show what would be removed
  -d  also remove downloaded node modules and the virtualenv
USAGE
}

generated_dirs() {
    cat <<DIRS
_site
build
dist
.cache
.sass-cache
.pytest_cache
DIRS
    if [ "$DEEP" -eq 1 ]; then
        printf '%s\n' node_modules .venv
    fi
}

inside_project() {
    case "$1" in
        "$PROJECT_ROOT"/?*) return 0 ;;
        *) return 1 ;;
    esac
}

remove() {
    target="$1"
    inside_project "$target" || { echo "refusing $target" >&2; return 1; }
    [ -e "$target" ] || return 0
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would remove ${target#"$PROJECT_ROOT"/}"
    else
        rm -rf -- "$target"
        echo "removed ${target#"$PROJECT_ROOT"/}"
    fi
}

clean_dirs() {
    generated_dirs | while read -r d; do
        [ -n "$d" ] && remove "$PROJECT_ROOT/$d"
    done
}

clean_bytecode() {
    find "$PROJECT_ROOT" -path "$PROJECT_ROOT/.git" -prune -o \
        -type d -name __pycache__ -print | while read -r d; do
        remove "$d"
    done
}

clean_stray() {
    for pattern in '*.pyc' '.DS_Store' '*.log'; do
        find "$PROJECT_ROOT" -path "$PROJECT_ROOT/.git" -prune -o \
            -type f -name "$pattern" -print | while read -r f; do
            remove "$f"
        done
    done
}

while getopts "ndh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) DEEP=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -f "$PROJECT_ROOT/config.toml" ] || { echo "not a site project: $PROJECT_ROOT" >&2; exit 1; }

clean_dirs
clean_bytecode
clean_stray
echo "clean finished in $PROJECT_ROOT"
