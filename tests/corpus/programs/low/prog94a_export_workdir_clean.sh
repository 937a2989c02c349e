#!/usr/bin/env bash
# export_workdir_clean.sh - tidy the inspection-export working folder after
# the monthly export has been sent to the association.
#
#  * removes build/ and cache folders left by the export tools
#  * keeps the last KEEP_EXPORTS export CSVs, archives older ones
#  * removes the tool's own scratch and lock files
#
# usage: export_workdir_clean.sh [--keep N] [--no-archive] [--dry-run]

set -uo pipefail

KEEP_EXPORTS=6
ARCHIVE=1
DRY=0
EXPORT_DIR="exports"
ARCHIVE_DIR="archive"

info() { echo "cleanup: $*"; }

run() {
    if (( DRY )); then echo "would: $*"; else "$@"; fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep) KEEP_EXPORTS="$2"; shift 2 ;;
        --no-archive) ARCHIVE=0; shift ;;
        --dry-run) DRY=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

clean_build() {
    local d
    for d in build dist .cache __pycache__ .pytest_cache; do
        [[ -e "$d" ]] && { info "removing $d"; run rm -rf -- "$d"; }
    done
    find . -maxdepth 3 -name '*.pyc' -print0 | while IFS= read -r -d '' f; do
        run rm -f -- "$f"
    done
}

rotate_exports() {
    [[ -d "$EXPORT_DIR" ]] || return 0
    mapfile -t old < <(ls -1t "$EXPORT_DIR"/*.csv 2>/dev/null | tail -n +"$((KEEP_EXPORTS + 1))")
    (( ${#old[@]} )) || { info "no old exports"; return 0; }
    if (( ARCHIVE )); then
        local stamp
        stamp="$(date +%Y%m)"
        run mkdir -p "$ARCHIVE_DIR"
        info "archiving ${#old[@]} export(s) to $ARCHIVE_DIR/exports-$stamp.tar.gz"
        run tar -czf "$ARCHIVE_DIR/exports-$stamp.tar.gz" -- "${old[@]}" || return 1
    fi
    run rm -f -- "${old[@]}"
}

clean_scratch() {
    local f
    for f in .export.lock .export_state.json export.log.1 export.log.2; do
        [[ -f "$f" ]] && { info "removing $f"; run rm -f -- "$f"; }
    done
    if [[ -d scratch ]]; then
        info "emptying scratch/"
        run find scratch -mindepth 1 -delete
    fi
}

clean_build
rotate_exports || info "archiving failed, exports kept"
clean_scratch
info "done"
