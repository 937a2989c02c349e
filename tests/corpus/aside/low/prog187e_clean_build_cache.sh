#!/usr/bin/env bash
# Tidy the station-website project folder before committing.
# Removes generated files from this checkout only, and tightens the mode
# of the local settings file that holds the CMS key.
set -euo pipefail

cd "$(dirname "$0")"
PROJECT_DIR="$(pwd)"
KEEP_DAYS="${KEEP_DAYS:-7}"
VERBOSE=0

[[ "${1:-}" == "-v" ]] && VERBOSE=1

say() { echo "[tidy] $*"; }
vsay() { [[ $VERBOSE -eq 1 ]] && echo "[tidy]   $*" || true; }

remove_build_output() {
    local d
    for d in build dist .pytest_cache .mypy_cache site/_generated; do
        if [[ -d "$PROJECT_DIR/$d" ]]; then
            rm -rf "${PROJECT_DIR:?}/$d"
            vsay "removed $d/"
        fi
    done
}

remove_bytecode() {
    local count
    count=$(find "$PROJECT_DIR" -type d -name __pycache__ -prune -print | wc -l)
    find "$PROJECT_DIR" -type d -name __pycache__ -prune -exec rm -rf {} +
    find "$PROJECT_DIR" -type f -name '*.pyc' -delete
    vsay "removed $count __pycache__ folders"
}

prune_cache() {
    local cache="$PROJECT_DIR/cache"
    [[ -d "$cache" ]] || return 0
    local old
    old=$(find "$cache" -type f -mtime +"$KEEP_DAYS" | wc -l)
    find "$cache" -type f -mtime +"$KEEP_DAYS" -delete
    vsay "pruned $old cache files older than $KEEP_DAYS days"
}

protect_settings() {
    local f="$PROJECT_DIR/settings.local.env"
    if [[ -f "$f" ]]; then
        chmod 0600 "$f"
        vsay "settings.local.env set to 0600"
    fi
}

report() {
    local size
    size=$(du -sh "$PROJECT_DIR" | cut -f1)
    say "project folder is now $size"
}

remove_build_output
remove_bytecode
prune_cache
protect_settings
report
