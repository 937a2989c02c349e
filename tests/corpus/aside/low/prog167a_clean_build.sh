#!/bin/sh
# Clean build and cache output from the foundry tooling checkout.
# Only touches generated folders inside the project directory; source,
# drawings and data folders are never removed.

set -eu

PROJECT_DIR=${1:-.}
DRY_RUN=${DRY_RUN:-0}

GENERATED_DIRS="build dist .pytest_cache .mypy_cache .ruff_cache htmlcov .tox"
GENERATED_FILES=".coverage coverage.xml"

log() { printf 'clean: %s\n' "$*"; }

resolve_project() {
    dir=$(cd "$PROJECT_DIR" && pwd -P)
    if [ ! -f "$dir/pyproject.toml" ] && [ ! -f "$dir/setup.cfg" ]; then
        log "$dir does not look like the tooling project; refusing"
        exit 1
    fi
    case "$dir" in
        /|"$HOME") log "refusing to clean $dir"; exit 1 ;;
    esac
    echo "$dir"
}

remove_path() {
    target=$1
    if [ "$DRY_RUN" = "1" ]; then
        log "would remove $target"
    else
        rm -rf -- "$target"
        log "removed $target"
    fi
}

clean_dirs() {
    root=$1
    for name in $GENERATED_DIRS; do
        [ -e "$root/$name" ] && remove_path "$root/$name"
    done
    for name in $GENERATED_FILES; do
        [ -f "$root/$name" ] && remove_path "$root/$name"
    done
    return 0
}

clean_bytecode() {
    root=$1
    find "$root" -path "$root/.venv" -prune -o -type d -name __pycache__ -print |
        while read -r cache; do
            remove_path "$cache"
        done
    find "$root" -path "$root/.venv" -prune -o -name '*.egg-info' -type d -print |
        while read -r info; do
            remove_path "$info"
        done
}

report() {
    root=$1
    size=$(du -sh "$root" 2>/dev/null | cut -f1)
    log "project now $size"
}

main() {
    root=$(resolve_project)
    log "cleaning $root"
    clean_dirs "$root"
    clean_bytecode "$root"
    report "$root"
}

main
