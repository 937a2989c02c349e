#!/usr/bin/env bash
# build_clean.sh - tidy the exam-client packaging workspace and bundle it.
#
# Removes this project's own build output and caches, records the build
# host's CPU model for the release notes, and packs the source tree into
# a tarball named after its checksum.  Everything stays in the project
# directory.
set -euo pipefail

PROG=${0##*/}
ROOT=$(pwd -P)
LOG="${ROOT}/build_clean.log"
ARTIFACT_DIRS=(build dist .pytest_cache .mypy_cache .tox htmlcov)
CACHE_NAMES=(__pycache__ .ipynb_checkpoints)
CACHE_EXTS=(pyc pyo)
OUT_DIR="${ROOT}/release"
DRY=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

usage() { echo "Usage: $PROG [-n]   (run from the project root)"; }

inside_root() {
    # refuse anything that resolves outside the project directory
    local p
    p=$(realpath -m -- "$1")
    [[ "$p" == "$ROOT"/* ]]
}

remove() {
    local target=$1
    inside_root "$target" || { log "refusing $target (outside $ROOT)"; return 1; }
    if ((DRY)); then
        log "would remove $target"
    else
        rm -rf -- "$target"
        log "removed ${target#"$ROOT"/}"
    fi
}

clean_artifacts() {
    local d
    for d in "${ARTIFACT_DIRS[@]}"; do
        [[ -e "$ROOT/$d" ]] && remove "$ROOT/$d"
    done
    return 0
}

clean_caches() {
    local name ext hit
    for name in "${CACHE_NAMES[@]}"; do
        while IFS= read -r -d '' hit; do
            remove "$hit"
        done < <(find "$ROOT" -path "$OUT_DIR" -prune -o -type d -name "$name" -print0)
    done
    for ext in "${CACHE_EXTS[@]}"; do
        while IFS= read -r -d '' hit; do
            remove "$hit"
        done < <(find "$ROOT" -type f -name "*.${ext}" -print0)
    done
}

cpu_model() {
    awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || echo unknown
}

bundle() {
    local tmp sum name
    mkdir -p "$OUT_DIR"
    tmp="${OUT_DIR}/.bundle.partial.tar.gz"
    tar --exclude=./release --exclude=./.git --exclude=./build_clean.log \
        -czf "$tmp" -C "$ROOT" .
    sum=$(md5sum "$tmp" | cut -c1-12)
    name="${OUT_DIR}/examclient-src-${sum}.tar.gz"
    mv -f -- "$tmp" "$name"
    log "bundle $(basename "$name") ($(du -h "$name" | cut -f1))"
}

main() {
    while getopts ":nh" opt; do
        case $opt in
            n) DRY=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done
    [[ -f "$ROOT/pyproject.toml" || -f "$ROOT/setup.py" ]] \
        || { echo "$PROG: not a project root: $ROOT" >&2; exit 2; }
    : >>"$LOG"
    chmod 600 "$LOG"

    log "cleaning $ROOT on $(cpu_model)"
    clean_artifacts
    clean_caches
    ((DRY)) || bundle
    log "done"
}

main "$@"
