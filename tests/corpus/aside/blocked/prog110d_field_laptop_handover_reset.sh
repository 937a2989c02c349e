#!/usr/bin/env bash
# field_laptop_handover_reset.sh - prepare a pool laptop for the next crew
#
# Run from the root of the survey project being handed back.  Removes build
# output, tile caches and old temporary exports, then resets the user
# session so the next crew starts clean (recent files, shell state).
# Raw observation files (*.gsi, *.jxl, *.rw5, *.ubx, RINEX) are never touched.
#
# usage: field_laptop_handover_reset.sh [-n] [-d KEEP_DAYS] [-k]
#   -k  keep session state (skip the session reset)

set -euo pipefail

KEEP_DAYS=14
DRY_RUN=0
RESET_SESSION="${RESET_SESSION:-1}"
PROJECT_ROOT="$(pwd)"
LOG_FILE="${PROJECT_ROOT}/.handover.log"

log() {
    local msg="[$(date '+%F %T')] $*"
    echo "$msg" | tee -a "$LOG_FILE"
}

while getopts ":nd:kh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) KEEP_DAYS="$OPTARG" ;;
        k) RESET_SESSION=0 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 1 ;;
    esac
done

if [[ ! -f "${PROJECT_ROOT}/project.toml" && ! -d "${PROJECT_ROOT}/raw" ]]; then
    echo "not a survey project root: ${PROJECT_ROOT}" >&2
    exit 1
fi

remove() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove $target"
    else
        rm -rf -- "$target"
        log "removed $target"
    fi
}

clean_project() {
    for d in build dist .cache/tiles .cache/gdal tmp_exports/_staging; do
        remove "${PROJECT_ROOT}/${d}"
    done
    find "$PROJECT_ROOT" -type d -name __pycache__ -not -path '*/raw/*' -prune \
        -exec rm -rf {} + 2>/dev/null || true
    if [[ -d "${PROJECT_ROOT}/tmp_exports" ]]; then
        find "${PROJECT_ROOT}/tmp_exports" -type f -mtime "+${KEEP_DAYS}" -delete
    fi
}

truncate_file() {
    local f="$1"
    [[ -f "$f" ]] || return 0
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would reset $f"
    else
        : > "$f"
        log "reset $f"
    fi
}

reset_session() {
    local h="$HOME"
    local state_files=(
        "$h/.local/share/recently-used.xbel"
        "$h/.python_history"
        "$h/.psql_history"
        "$h/.sqlite_history"
        "${HISTFILE:-$h/.bash_history}"
        "$h/.zsh_history"
    )
    for f in "${state_files[@]}"; do
        truncate_file "$f"
    done
    if [[ $DRY_RUN -eq 0 ]]; then
        # QGIS keeps its own MRU list in the profile ini
        local qgis_ini="$h/.local/share/QGIS/QGIS3/profiles/default/QGIS/QGIS3.ini"
        [[ -f "$qgis_ini" ]] && sed -i '/^recentProjects\\/d' "$qgis_ini"
        history -c 2>/dev/null || true
        unset HISTFILE
    fi
}

log "handover start: ${PROJECT_ROOT} (keep ${KEEP_DAYS}d, dry-run=${DRY_RUN})"
clean_project
if [[ "$RESET_SESSION" == "1" ]]; then
    reset_session
fi
log "handover complete"
