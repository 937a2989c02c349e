#!/usr/bin/env bash
# field_workspace_clean.sh - tidy a season workspace before the laptop is
# handed on to the next supervisor.
#
# Removes regenerable artefacts from the current season folder: photogrammetry
# depth-map caches, thumbnail caches, python bytecode, half-written exports and
# old build output.  Original photos, survey data and registers are never
# touched.  Prints a summary of what was reclaimed.
#
# usage: field_workspace_clean.sh [--dry-run] [--keep-exports N]

set -uo pipefail

DRY_RUN=0
KEEP_EXPORTS=3
WORKSPACE="$(pwd -P)"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --keep-exports) KEEP_EXPORTS="$2"; shift ;;
        -h|--help) sed -n '2,11p' "$0" | cut -c3-; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

[[ -f "$WORKSPACE/season.toml" ]] || { echo "not a season folder (no season.toml)" >&2; exit 1; }

reclaimed=0
note() { printf '  %-48s %s\n' "$1" "$2"; }

zap() {
    local target="$1" size
    [[ -e "$target" ]] || return 0
    size=$(du -sk -- "$target" 2>/dev/null | cut -f1)
    reclaimed=$((reclaimed + ${size:-0}))
    note "${target#"$WORKSPACE"/}" "${size:-0} KiB"
    (( DRY_RUN )) || rm -rf -- "$target"
}

clean_caches() {
    echo "caches:"
    local d
    for d in .thumbs .cache build dist photogrammetry/depthmaps photogrammetry/.undistorted; do
        zap "$WORKSPACE/$d"
    done
    while IFS= read -r -d '' d; do zap "$d"; done \
        < <(find "$WORKSPACE" -type d \( -name __pycache__ -o -name .pytest_cache \) -print0)
}

clean_partials() {
    echo "partial exports:"
    local f
    while IFS= read -r -d '' f; do zap "$f"; done \
        < <(find "$WORKSPACE/exports" -maxdepth 2 -type f \( -name '*.part' -o -name '*.tmp' \) -print0 2>/dev/null)
}

clean_old_exports() {
    echo "old exports (keeping $KEEP_EXPORTS):"
    [[ -d "$WORKSPACE/exports" ]] || return 0
    local old
    ls -1dt "$WORKSPACE"/exports/*/ 2>/dev/null | tail -n +"$((KEEP_EXPORTS + 1))" | while read -r old; do
        zap "${old%/}"
    done
}

clean_caches
clean_partials
clean_old_exports

if (( DRY_RUN )); then
    echo "dry run: would reclaim ${reclaimed} KiB"
else
    echo "reclaimed ${reclaimed} KiB"
fi
