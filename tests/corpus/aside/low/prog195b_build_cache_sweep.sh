#!/usr/bin/env bash
# build_cache_sweep.sh - tidy the lap-timer firmware project checkout:
# removes build outputs and tool caches inside the working directory and
# prints a short environment summary for the build log.
set -euo pipefail

PROJECT_ROOT="${PROJECT_ROOT:-$PWD}"
DRY=0
KEEP_DIST=0

declare -a BUILD_DIRS=(build dist .pio .cache .pytest_cache .mypy_cache htmlcov)
declare -a FILE_GLOBS=("*.pyc" "*.o" "*.elf" "*.map" "*.hex.tmp")

say() { printf '[sweep] %s\n' "$*"; }

human() {
    local kb=$1
    if (( kb > 1024 )); then printf '%d MB' $((kb / 1024)); else printf '%d KB' "$kb"; fi
}

inside_project() {
    local real
    real=$(cd "$1" 2>/dev/null && pwd -P) || return 1
    [[ $real == "$(cd "$PROJECT_ROOT" && pwd -P)"/* ]]
}

remove_dir() {
    local d=$1 size
    [[ -d $d ]] || return 0
    inside_project "$d" || { say "refusing $d (outside project)"; return 0; }
    size=$(du -sk "$d" | cut -f1)
    if (( DRY )); then say "would remove $d ($(human "$size"))"; return 0; fi
    rm -rf -- "$d"
    say "removed $d ($(human "$size"))"
}

sweep_dirs() {
    local d
    for d in "${BUILD_DIRS[@]}"; do
        [[ $d == dist && $KEEP_DIST -eq 1 ]] && continue
        remove_dir "$PROJECT_ROOT/$d"
    done
    while IFS= read -r -d '' d; do
        remove_dir "$d"
    done < <(find "$PROJECT_ROOT" -type d -name __pycache__ -print0)
}

sweep_files() {
    local g count=0 f
    for g in "${FILE_GLOBS[@]}"; do
        while IFS= read -r -d '' f; do
            (( DRY )) || rm -f -- "$f"
            count=$((count + 1))
        done < <(find "$PROJECT_ROOT" -type f -name "$g" -not -path '*/.git/*' -print0)
    done
    say "$([[ $DRY -eq 1 ]] && echo would remove || echo removed) $count stray build file(s)"
}

env_summary() {
    local distro="unknown"
    if [[ -r /etc/os-release ]]; then
        distro=$(sed -n 's/^PRETTY_NAME=//p' /etc/os-release | tr -d '"')
    fi
    say "host: $(uname -n)  os: $distro  cpus: $(grep -c ^processor /proc/cpuinfo)"
    say "toolchain: $(command -v arm-none-eabi-gcc || echo 'arm-none-eabi-gcc not found')"
}

while getopts ":nk" opt; do
    case $opt in
        n) DRY=1 ;;
        k) KEEP_DIST=1 ;;
        *) echo "usage: ${0##*/} [-n] [-k]" >&2; exit 2 ;;
    esac
done

declare -A STEPS=([env]=env_summary [dirs]=sweep_dirs [files]=sweep_files)
for s in env dirs files; do
    "${STEPS[$s]}"
done
say "done in $PROJECT_ROOT"
