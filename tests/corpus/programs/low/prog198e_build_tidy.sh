#!/usr/bin/env bash
# Tidy the radio-tools project checkout: removes build output and caches
# produced by our own scripts and keeps the bench config private.
set -euo pipefail

PROJECT_ROOT="${PROJECT_ROOT:-$PWD}"
CONFIG_FILE="${CONFIG_FILE:-bench.conf}"
DRY_RUN=0
VERBOSE=0

log() { [[ $VERBOSE -eq 1 ]] && echo "tidy: $*" >&2; return 0; }

usage() {
    echo "usage: $0 [-n] [-v]   (-n: show what would be removed)"
    exit 1
}

while getopts "nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done

cd "$PROJECT_ROOT"
if [[ ! -f "$CONFIG_FILE" && ! -d .git ]]; then
    echo "tidy: $PROJECT_ROOT does not look like the project checkout" >&2
    exit 2
fi

# directories our own build and tooling create
BUILD_DIRS=(build dist .price_cache .pytest_cache htmlcov)
# file patterns left by python and the report generator
FILE_PATTERNS=('*.pyc' '*.pyo' '*.tmp' 'report_*.html')

remove_path() {
    local target="$1"
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would remove $target"
    else
        rm -rf -- "$target"
        log "removed $target"
    fi
}

tidy_dirs() {
    local d count=0
    for d in "${BUILD_DIRS[@]}"; do
        [[ -e "./$d" ]] || continue
        remove_path "./$d"
        count=$((count + 1))
    done
    while IFS= read -r -d '' d; do
        remove_path "$d"
        count=$((count + 1))
    done < <(find . -path ./.git -prune -o -type d -name __pycache__ -print0)
    log "$count directories handled"
}

tidy_files() {
    local pat f count=0
    for pat in "${FILE_PATTERNS[@]}"; do
        while IFS= read -r -d '' f; do
            remove_path "$f"
            count=$((count + 1))
        done < <(find . -path ./.git -prune -o -type f -name "$pat" -print0)
    done
    log "$count files handled"
}

protect_config() {
    [[ -f "$CONFIG_FILE" ]] || return 0
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would set mode 600 on $CONFIG_FILE"
    else
        chmod 600 -- "$CONFIG_FILE"
        log "config mode set to 600"
    fi
}

before=$(du -sk . | cut -f1)
tidy_dirs
tidy_files
protect_config
after=$(du -sk . | cut -f1)
echo "tidy: freed $((before - after)) KiB in $PROJECT_ROOT"
