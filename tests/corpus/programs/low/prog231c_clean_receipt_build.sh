#!/usr/bin/env bash
# clean_receipt_build.sh - tidy the receipt-template project's working tree.
#
# The receipt template builder renders till receipts and shelf labels into
# ./build and caches font metrics in ./.cache. This script reports how much
# space those take, removes them (or only files older than N days), and
# tightens permissions on the project's local settings file.
#
# Usage: clean_receipt_build.sh [-a days] [-n] [-h]
# Run from the project root (the directory holding receipt_templates.toml).

set -euo pipefail

MAX_AGE_DAYS=""
DRY_RUN=0
PROJECT_MARKER="./receipt_templates.toml"
SETTINGS_FILE="./local_settings.toml"
TARGETS=("./build" "./.cache" "./dist")
LOG_FILE="./clean_receipt_build.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-a days] [-n] [-h]"
    echo "  -a  only remove files older than this many days"
    echo "  -n  dry run: report what would be removed"
}

while getopts ":a:nh" opt; do
    case "$opt" in
        a) MAX_AGE_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -f "$PROJECT_MARKER" ]]; then
    log "ERROR: run this from the receipt template project root"
    exit 1
fi

if [[ -n "$MAX_AGE_DAYS" && ! "$MAX_AGE_DAYS" =~ ^[0-9]+$ ]]; then
    log "ERROR: -a needs a whole number of days"
    exit 2
fi

report_sizes() {
    local t
    for t in "${TARGETS[@]}"; do
        if [[ -d "$t" ]]; then
            log "$(du -sh -- "$t" | cut -f1) in ${t}"
        fi
    done
}

clean_target() {
    local t="$1"
    [[ -d "$t" ]] || return 0
    if [[ -n "$MAX_AGE_DAYS" ]]; then
        if [[ "$DRY_RUN" -eq 1 ]]; then
            find "$t" -type f -mtime +"$MAX_AGE_DAYS" -print
        else
            find "$t" -type f -mtime +"$MAX_AGE_DAYS" -delete
            find "$t" -mindepth 1 -type d -empty -delete
        fi
    else
        if [[ "$DRY_RUN" -eq 1 ]]; then
            log "would remove ${t}"
        else
            rm -rf -- "$t"
            log "removed ${t}"
        fi
    fi
}

protect_settings() {
    if [[ -f "$SETTINGS_FILE" ]]; then
        chmod 600 "$SETTINGS_FILE"
        log "permissions on ${SETTINGS_FILE} set to 600"
    fi
}

main() {
    log "before cleaning:"
    report_sizes
    local t
    for t in "${TARGETS[@]}"; do
        clean_target "$t"
    done
    protect_settings
    [[ "$DRY_RUN" -eq 1 ]] || { log "after cleaning:"; report_sizes; }
    log "done"
}

main
