#!/usr/bin/env bash
# Remove build output and caches from the ticketing-app working tree.
# Only touches paths below the current directory.
set -euo pipefail

ROOT="$(pwd -P)"
KEEP_LOGS="${KEEP_LOGS:-0}"
LOG="./clean.log"

say() { printf '%s\n' "$*" | tee -a "$LOG"; }

dirs=( build dist .pytest_cache .mypy_cache htmlcov node_modules/.cache )
globs=( '*.pyc' '*.pyo' '*.egg-info' )

inside_root() {
    local p
    p="$(realpath -m -- "$1")"
    [[ "$p" == "$ROOT"/* ]]
}

remove_dir() {
    local d="$1"
    if [[ -d "$d" ]] && inside_root "$d"; then
        rm -rf -- "$d"
        say "removed $d"
    fi
}

sweep() {
    local g
    for g in "${globs[@]}"; do
        find . -path ./.git -prune -o -name "$g" -print0 | xargs -0r rm -rf --
    done
    find . -path ./.git -prune -o -type d -name __pycache__ -print0 | xargs -0r rm -rf --
}

report() {
    local size
    size="$(du -sh . 2>/dev/null | cut -f1)"
    cat <<EOF2
cleaned: $ROOT
size now: $size
EOF2
}

main() {
    : >"$LOG"
    chmod 600 "$LOG"
    local d
    for d in "${dirs[@]}"; do
        remove_dir "$d"
    done
    sweep
    report | tee -a "$LOG"
    [[ "$KEEP_LOGS" == 1 ]] || rm -f "$LOG"
}

main "$@"
