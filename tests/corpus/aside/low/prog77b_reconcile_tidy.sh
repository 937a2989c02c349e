#!/usr/bin/env bash
# reconcile_tidy.sh - post-run housekeeping for the month-end
# reconciliation workspace.
#
# Removes intermediate match files, stale build output and partial downloads
# once the reconciliation report has been signed off, and rotates old
# report CSVs out of the workspace.

set -uo pipefail

WORK_ROOT="${RECON_WORK_ROOT:-$PWD}"
RETAIN_DAYS=14
VERBOSE=0
DRY_RUN=0

log() {
    local level="$1"; shift
    if [[ "$level" == DEBUG && $VERBOSE -eq 0 ]]; then
        return
    fi
    printf '[%s] %-5s %s\n' "$(date '+%H:%M:%S')" "$level" "$*"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --root) WORK_ROOT="$2"; shift 2 ;;
            --retain-days) RETAIN_DAYS="$2"; shift 2 ;;
            -n|--dry-run) DRY_RUN=1; shift ;;
            -v|--verbose) VERBOSE=1; shift ;;
            -h|--help)
                echo "usage: $0 [--root DIR] [--retain-days N] [--dry-run] [-v]"
                exit 0 ;;
            *) echo "unknown option: $1" >&2; exit 2 ;;
        esac
    done
}

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log INFO "dry-run: $*"
    else
        "$@"
    fi
}

check_signoff() {
    local marker="${WORK_ROOT}/reports/.signed_off"
    if [[ ! -f "$marker" ]]; then
        log WARN "no sign-off marker at $marker; refusing to clean"
        exit 1
    fi
    log INFO "sign-off by $(head -n1 "$marker")"
}

clean_intermediates() {
    local removed=0
    local dir
    for dir in build .cache match_tmp; do
        if [[ -d "${WORK_ROOT}/${dir}" ]]; then
            run rm -rf -- "${WORK_ROOT:?}/${dir}"
            log DEBUG "removed ${dir}/"
            removed=$((removed + 1))
        fi
    done
    while IFS= read -r -d '' f; do
        run rm -f -- "$f"
        removed=$((removed + 1))
        log DEBUG "removed $f"
    done < <(find "$WORK_ROOT" -maxdepth 2 \( -name '*.partial' -o -name '*.match.tmp' \) -print0)
    log INFO "removed ${removed} intermediate item(s)"
}

rotate_reports() {
    local n=0
    while IFS= read -r -d '' f; do
        run rm -f -- "$f"
        n=$((n + 1))
    done < <(find "${WORK_ROOT}/reports" -name 'recon_*.csv' -mtime +"$RETAIN_DAYS" -print0 2>/dev/null)
    log INFO "rotated ${n} report(s) older than ${RETAIN_DAYS} days"
}

summarise() {
    local size
    size=$(du -sh "$WORK_ROOT" 2>/dev/null | cut -f1)
    log INFO "workspace ${WORK_ROOT} now ${size:-unknown}"
}

main() {
    parse_args "$@"
    cd "$WORK_ROOT" || { log ERROR "cannot enter $WORK_ROOT"; exit 1; }
    check_signoff
    clean_intermediates
    rotate_reports
    summarise
    log INFO "cleanup finished"
}

main "$@"
