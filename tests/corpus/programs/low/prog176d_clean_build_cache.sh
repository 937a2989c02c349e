#!/usr/bin/env bash
# Housekeeping for the yard-tools repository checkout: removes build output
# and caches left by the pricing and ticket tools, then writes a checksum
# list of the monthly reports so the accountant can confirm what was sent.
# Only touches paths inside the current working directory.
set -euo pipefail

ROOT="$(pwd -P)"
REPORT_DIR="${REPORT_DIR:-reports}"
SUMS_FILE="report_checksums.sha256"
declare -a CACHE_DIRS=(build dist .price_cache .pytest_cache .mypy_cache incoming)
declare -a CACHE_GLOBS=("*.pyc" "*.egg-info" "board.txt")

say() { printf '[tidy] %s\n' "$*"; }

inside_root() {
    local target
    target="$(realpath -m "$1")"
    [[ "$target" == "$ROOT"/* ]]
}

remove_dirs() {
    local d
    for d in "${CACHE_DIRS[@]}"; do
        if [[ -d "$d" ]] && inside_root "$d"; then
            rm -rf -- "./$d"
            say "removed $d/"
        fi
    done
    find . -type d -name __pycache__ -prune -exec rm -rf -- {} +
}

remove_files() {
    local g
    for g in "${CACHE_GLOBS[@]}"; do
        find . -name "$g" -not -path './.git/*' -print0 | while IFS= read -r -d '' f; do
            inside_root "$f" && rm -rf -- "$f" && say "removed $f"
        done
    done
}

checksum_reports() {
    if [[ ! -d "$REPORT_DIR" ]]; then
        say "no $REPORT_DIR directory; skipping checksums"
        return
    fi
    (cd "$REPORT_DIR" && find . -maxdepth 1 -type f -name '*.pdf' -print0 \
        | sort -z | xargs -0 -r sha256sum) > "$SUMS_FILE"
    chmod 600 "$SUMS_FILE"
    say "wrote $SUMS_FILE ($(wc -l < "$SUMS_FILE") reports)"
}

usage() { echo "usage: $0 [--all|--cache|--sums]"; }

declare -A MODES=(
    [--cache]="remove_dirs remove_files"
    [--sums]="checksum_reports"
    [--all]="remove_dirs remove_files checksum_reports"
)

mode="${1:---all}"
steps="${MODES[$mode]:-}"
[[ -n "$steps" ]] || { usage >&2; exit 2; }
for step in $steps; do
    "$step"
done
du -sh . 2>/dev/null | awk '{ print "[tidy] checkout size now " $1 }'
