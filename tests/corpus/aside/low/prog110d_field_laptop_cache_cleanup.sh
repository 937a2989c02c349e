#!/usr/bin/env bash
# field_laptop_cache_cleanup.sh - reclaim disk on the field laptops between jobs
#
# Run from the root of a survey project checkout.  Removes build output,
# tile caches, GDAL overview pyramids we regenerate anyway, and temporary
# exports older than KEEP_DAYS.  Raw observation files (*.gsi, *.jxl, *.rw5,
# *.ubx, RINEX) are never touched.
#
# usage: field_laptop_cache_cleanup.sh [-n] [-d KEEP_DAYS] [-q]

set -euo pipefail

KEEP_DAYS=14
DRY_RUN=0
QUIET=0
PROJECT_ROOT="$(pwd)"
LOG_FILE="${PROJECT_ROOT}/.cleanup.log"

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

log() {
    local msg="[$(date '+%F %T')] $*"
    echo "$msg" >> "$LOG_FILE"
    [[ $QUIET -eq 1 ]] || echo "$msg"
}

while getopts ":nd:qh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) KEEP_DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

if [[ ! -f "${PROJECT_ROOT}/project.toml" && ! -d "${PROJECT_ROOT}/raw" ]]; then
    echo "not a survey project root (no project.toml or raw/): ${PROJECT_ROOT}" >&2
    exit 1
fi

remove() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    local size
    size=$(du -sh "$target" 2>/dev/null | cut -f1)
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove ${target#"$PROJECT_ROOT"/} ($size)"
    else
        rm -rf -- "$target"
        log "removed ${target#"$PROJECT_ROOT"/} ($size)"
    fi
}

clean_build_dirs() {
    for d in build dist .cache/tiles .cache/gdal tmp_exports/_staging; do
        remove "${PROJECT_ROOT}/${d}"
    done
}

clean_pycache() {
    while IFS= read -r -d '' d; do
        remove "$d"
    done < <(find "$PROJECT_ROOT" -type d -name __pycache__ -not -path '*/raw/*' -print0)
}

clean_overviews() {
    # .ovr pyramids are rebuilt by gdaladdo on next open in QGIS
    while IFS= read -r -d '' f; do
        remove "$f"
    done < <(find "${PROJECT_ROOT}/ortho" -maxdepth 2 -type f -name '*.tif.ovr' -print0 2>/dev/null)
}

clean_old_exports() {
    [[ -d "${PROJECT_ROOT}/tmp_exports" ]] || return 0
    while IFS= read -r -d '' f; do
        remove "$f"
    done < <(find "${PROJECT_ROOT}/tmp_exports" -type f -mtime "+${KEEP_DAYS}" -print0)
}

before=$(df -Pk "$PROJECT_ROOT" | awk 'NR==2 {print $4}')
log "cleanup start in ${PROJECT_ROOT} (keep ${KEEP_DAYS}d, dry-run=${DRY_RUN})"
clean_build_dirs
clean_pycache
clean_overviews
clean_old_exports
after=$(df -Pk "$PROJECT_ROOT" | awk 'NR==2 {print $4}')
log "cleanup done, freed $(( (after - before) / 1024 )) MiB"
