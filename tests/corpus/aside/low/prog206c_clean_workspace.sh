#!/usr/bin/env bash
# Tidy the valuation-tools workspace: remove build output and caches this
# project produces, and print a short environment summary.
set -euo pipefail

ROOT="$(pwd)"
DRY_RUN=0
VERBOSE=0

declare -a DIRS=(build dist .pytest_cache .mypy_cache .labcache .fxcache)
declare -a GLOBS=("*.pyc" "*.egg-info" "projection.csv" "valuation.html")

log() { (( VERBOSE )) && echo "[clean] $*" >&2 || true; }

platform() {
    local name="unknown"
    if [[ -r /etc/os-release ]]; then
        name=$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")
    fi
    printf 'platform: %s, cpus: %s\n' "$name" "$(grep -c ^processor /proc/cpuinfo)"
}

remove() {
    local target=$1
    [[ $target == "$ROOT"/* ]] || { log "refusing $target"; return 0; }
    if (( DRY_RUN )); then
        echo "would remove ${target#"$ROOT"/}"
    else
        rm -rf -- "$target"
        log "removed ${target#"$ROOT"/}"
    fi
}

clean_dirs() {
    local d
    for d in "${DIRS[@]}"; do
        [[ -e $ROOT/$d ]] && remove "$ROOT/$d"
    done
    while IFS= read -r -d '' d; do
        remove "$d"
    done < <(find "$ROOT" -type d -name __pycache__ -not -path '*/.git/*' -print0)
}

clean_files() {
    local g f
    for g in "${GLOBS[@]}"; do
        while IFS= read -r -d '' f; do
            remove "$f"
        done < <(find "$ROOT" -name "$g" -not -path '*/.git/*' -print0)
    done
}

main() {
    while getopts ":nvh" o; do
        case $o in
            n) DRY_RUN=1 ;;
            v) VERBOSE=1 ;;
            h) echo "usage: $0 [-n] [-v]"; exit 0 ;;
            *) echo "bad option" >&2; exit 2 ;;
        esac
    done
    [[ -f $ROOT/pyproject.toml || -d $ROOT/.git ]] || {
        echo "run this from the project root" >&2; exit 1; }
    platform
    local before
    before=$(du -sk "$ROOT" | cut -f1)
    clean_dirs
    clean_files
    echo "workspace: ${before} KiB before, $(du -sk "$ROOT" | cut -f1) KiB after"
}

main "$@"
