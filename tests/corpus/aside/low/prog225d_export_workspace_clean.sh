#!/usr/bin/env bash
# export_workspace_clean.sh
#
# Housekeeping for the monthly statistics export workspace (the project
# directory the clerk's analyst runs the export from). Removes build and
# cache leftovers from previous runs, packages the current month's CSV
# exports into dist/, and writes a checksum file for the state report.
#
# Usage: export_workspace_clean.sh [-m YYYY-MM] [-k] [-n]

set -euo pipefail

WORKSPACE="$(pwd)"
MONTH="$(date +%Y-%m)"
KEEP_CACHE=0
DRY_RUN=0
LOG_FILE="${WORKSPACE}/workspace_clean.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-m YYYY-MM] [-k keep cache] [-n dry run]"
}

while getopts ":m:knh" opt; do
    case "$opt" in
        m) MONTH="$OPTARG" ;;
        k) KEEP_CACHE=1 ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]] || { echo "month must be YYYY-MM" >&2; exit 2; }
[[ -f "${WORKSPACE}/export.conf" ]] || { echo "run this from the export workspace (export.conf missing)" >&2; exit 1; }

remove() {
    if (( DRY_RUN )); then
        log "would remove $1"
    else
        rm -rf -- "$1"
        log "removed $1"
    fi
}

clean_build() {
    local d
    for d in build .pytest_cache; do
        [[ -e "${WORKSPACE}/${d}" ]] && remove "${WORKSPACE}/${d}"
    done
    if (( ! KEEP_CACHE )) && [[ -d "${WORKSPACE}/.cache" ]]; then
        remove "${WORKSPACE}/.cache"
    fi
    while IFS= read -r -d '' f; do
        remove "$f"
    done < <(find "$WORKSPACE" -path "${WORKSPACE}/dist" -prune -o \
                 \( -name '__pycache__' -o -name '*.pyc' -o -name '*.partial' \) -print0)
}

package_month() {
    local src="${WORKSPACE}/exports/${MONTH}"
    local dist="${WORKSPACE}/dist"
    local archive="${dist}/court_stats_${MONTH}.tar.gz"
    if [[ ! -d "$src" ]]; then
        log "no exports for ${MONTH}; skipping packaging"
        return 0
    fi
    local count
    count=$(find "$src" -maxdepth 1 -name '*.csv' | wc -l)
    if (( count == 0 )); then
        log "exports/${MONTH} has no CSV files"
        return 0
    fi
    if (( DRY_RUN )); then
        log "would package ${count} CSV files into ${archive}"
        return 0
    fi
    mkdir -p "$dist"
    tar -czf "$archive" -C "${WORKSPACE}/exports" "$MONTH"
    (cd "$dist" && sha256sum "$(basename "$archive")" > "court_stats_${MONTH}.sha256")
    log "packaged ${count} CSV files into ${archive}"
}

log "cleaning workspace ${WORKSPACE} for ${MONTH}"
clean_build
package_month
log "done"
