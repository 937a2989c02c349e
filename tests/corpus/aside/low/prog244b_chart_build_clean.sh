#!/usr/bin/env bash
# chart_build_clean.sh - housekeeping for the load chart build workspace.
# Removes build output and stale caches, keeps a checksum index of the
# source chart CSVs so the next build can skip unchanged charts.
set -euo pipefail

PROG="${0##*/}"
WORKDIR="${PWD}"
SRC_DIR="charts"
INDEX=".chart-index"
DRY=0
DEEP=0

# things the build leaves behind, relative to the workspace
BUILD_OUT=(build dist out)
CACHES=(.cache .pytest_cache .mypy_cache)

log() { echo "[$PROG] $*"; }

inside_workspace() {
    local p
    p="$(cd "$1" 2>/dev/null && pwd -P)" || return 1
    [[ "$p" == "$WORKDIR"/* ]]
}

remove() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    if ! inside_workspace "$(dirname "$target")"; then
        log "refusing to touch $target (outside workspace)"
        return 0
    fi
    if (( DRY )); then
        log "would remove $target"
    else
        rm -rf -- "$target"
        log "removed $target"
    fi
}

clean_build() {
    local d
    for d in "${BUILD_OUT[@]}"; do
        remove "./$d"
    done
}

clean_caches() {
    local d
    for d in "${CACHES[@]}"; do
        remove "./$d"
    done
    if (( DEEP )); then
        while IFS= read -r -d '' d; do
            remove "$d"
        done < <(find . -type d -name __pycache__ -print0)
    fi
}

refresh_index() {
    [[ -d "$SRC_DIR" ]] || { log "no $SRC_DIR directory, skipping index"; return 0; }
    local tmp="${INDEX}.new" f n=0
    : > "$tmp"
    while IFS= read -r -d '' f; do
        md5sum -- "$f" >> "$tmp"
        n=$((n + 1))
    done < <(find "$SRC_DIR" -type f -name '*.csv' -print0 | sort -z)
    if (( DRY )); then
        rm -f -- "$tmp"
        log "would index $n chart files"
        return 0
    fi
    mv -f -- "$tmp" "$INDEX"
    chmod 600 "$INDEX"
    log "indexed $n chart files into $INDEX"
}

changed_since_index() {
    [[ -f "$INDEX" ]] || { log "no index yet"; return 0; }
    md5sum --quiet -c "$INDEX" 2>/dev/null || true
}

usage() {
    cat <<EOF
Usage: $PROG [-n] [-d] [-s]
  -n  dry run
  -d  deep clean (also __pycache__ folders)
  -s  only show charts changed since the last index
EOF
}

main() {
    local show=0
    while getopts ":ndsh" o; do
        case "$o" in
            n) DRY=1 ;;
            d) DEEP=1 ;;
            s) show=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    if (( show )); then
        changed_since_index
        exit 0
    fi
    [[ -f "./Makefile" || -d "./$SRC_DIR" ]] || { log "not a chart workspace: $WORKDIR"; exit 1; }
    clean_build
    clean_caches
    refresh_index
}

main "$@"
