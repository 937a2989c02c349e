#!/usr/bin/env bash
# Clean build artefacts of the booking-app checkout and write a short
# environment report for the release notes.
set -euo pipefail

ROOT="$(pwd)"
REPORT="${ROOT}/build-report.txt"
KEEP_DIST=0
VERBOSE=0

CACHE_DIRS=("build" "dist" ".pytest_cache" ".mypy_cache" "htmlcov" "node_modules/.cache")
CACHE_GLOBS=("*.pyc" "*.pyo" "*.egg-info" ".coverage")

log() { [ "$VERBOSE" -eq 1 ] && echo "$*" >&2 || true; }

usage() {
    echo "usage: $0 [-k keep dist] [-v]" >&2
}

inside_root() {
    case "$(realpath -m "$1")" in
        "$ROOT"/*) return 0 ;;
        *) return 1 ;;
    esac
}

clean_dirs() {
    local d removed=0
    for d in "${CACHE_DIRS[@]}"; do
        [ "$KEEP_DIST" -eq 1 ] && [ "$d" = "dist" ] && continue
        if [ -d "$d" ] && inside_root "$d"; then
            rm -rf -- "./$d"
            log "removed $d"
            removed=$((removed + 1))
        fi
    done
    find . -type d -name "__pycache__" -prune -exec rm -rf {} + 2>/dev/null || true
    echo "$removed"
}

clean_files() {
    local g n=0 c
    for g in "${CACHE_GLOBS[@]}"; do
        c="$(find . -name "$g" -not -path './.git/*' | wc -l)"
        find . -name "$g" -not -path './.git/*' -exec rm -rf {} + 2>/dev/null || true
        n=$((n + c))
    done
    echo "$n"
}

os_name() {
    if [ -r /etc/os-release ]; then
        sed -n -E 's/^PRETTY_NAME="?([^"]*)"?$/\1/p' /etc/os-release | head -n1
    else
        uname -s
    fi
}

cpu_model() {
    if [ -r /proc/cpuinfo ]; then
        awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo
    else
        echo "unknown"
    fi
}

tool_version() {
    local t="$1"
    if command -v "$t" >/dev/null 2>&1; then
        "$t" --version 2>&1 | head -n1
    else
        echo "not installed"
    fi
}

main() {
    while getopts "kv" opt; do
        case "$opt" in
            k) KEEP_DIST=1 ;;
            v) VERBOSE=1 ;;
            *) usage; exit 2 ;;
        esac
    done
    [ -f "${ROOT}/pyproject.toml" ] || [ -f "${ROOT}/package.json" ] || {
        echo "run this from the booking-app checkout" >&2
        exit 1
    }
    local dirs files
    dirs="$(clean_dirs)"
    files="$(clean_files)"
    {
        echo "Build report $(date '+%F %T')"
        echo "Host OS:    $(os_name)"
        echo "CPU:        $(cpu_model)"
        echo "Python:     $(tool_version python3)"
        echo "Node:       $(tool_version node)"
        echo "Git commit: $(git rev-parse --short HEAD 2>/dev/null || echo n/a)"
        echo "Cleaned:    ${dirs} dir(s), ${files} file(s)"
    } > "$REPORT"
    cat "$REPORT"
}

main "$@"
