#!/usr/bin/env bash
# Housekeeping for the hall's booking-widget project checkout.
# Removes build output and caches inside this directory and rolls the
# project's own logs into a dated archive under ./logs/archive.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
KEEP_LOG_DAYS="${KEEP_LOG_DAYS:-14}"

cd "$ROOT"

say() { printf '[clean] %s\n' "$*"; }

build_dirs=(build dist .pytest_cache .mypy_cache node_modules/.cache)
cache_globs=('*.pyc' '*.pyo' '.coverage')

remove_build() {
    local d
    for d in "${build_dirs[@]}"; do
        if [[ -d "$ROOT/$d" ]]; then
            rm -rf -- "${ROOT:?}/$d"
            say "removed $d"
        fi
    done
    find "$ROOT" -type d -name __pycache__ -prune -exec rm -rf {} +
}

remove_caches() {
    local g
    for g in "${cache_globs[@]}"; do
        find "$ROOT" -type f -name "$g" -delete
    done
    say "cache files removed"
}

roll_logs() {
    local logdir="$ROOT/logs" stamp
    [[ -d "$logdir" ]] || return 0
    stamp="$(date +%Y%m%d)"
    mkdir -p "$logdir/archive"
    mapfile -t old < <(find "$logdir" -maxdepth 1 -type f -name '*.log' -mtime +"$KEEP_LOG_DAYS")
    if (( ${#old[@]} )); then
        tar -czf "$logdir/archive/logs-$stamp.tgz" -C "$logdir" "${old[@]##*/}"
        rm -f -- "${old[@]}"
        say "archived ${#old[@]} old log(s)"
    fi
}

report() {
    say "checkout size now $(du -sh "$ROOT" | cut -f1)"
}

declare -A plan=([1]=remove_build [2]=remove_caches [3]=roll_logs [4]=report)
for k in 1 2 3 4; do
    "${plan[$k]}"
done
