#!/usr/bin/env bash
# docket_export_scheduler.sh
#
# Registers the nightly docket export so it keeps running on the clerk's
# reporting box without anyone having to remember to start it. The export
# job itself (docket_export.sh) lives next to this script.
#
# Usage: docket_export_scheduler.sh install|remove|status [-s "cron spec"]

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
EXPORT_JOB="${SCRIPT_DIR}/docket_export.sh"
SCHEDULE="*/30 * * * *"
MARKER="# court-docket-export"
LOG_FILE="${SCRIPT_DIR}/scheduler.log"
ACTION=""

log() {
    echo "$(date '+%F %T') $*" >> "$LOG_FILE"
    echo "$*"
}

die() {
    log "ERROR: $*"
    exit 1
}

usage() {
    echo "Usage: $0 install|remove|status [-s \"cron spec\"]"
}

parse_args() {
    [[ $# -ge 1 ]] || { usage; exit 2; }
    ACTION="$1"; shift
    while getopts ":s:h" opt; do
        case "$opt" in
            s) SCHEDULE="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    case "$ACTION" in
        install|remove|status) ;;
        *) usage; exit 2 ;;
    esac
    local fields
    fields=$(awk '{print NF}' <<< "$SCHEDULE")
    [[ "$fields" -eq 5 ]] || die "cron spec must have five fields: '$SCHEDULE'"
}

current_crontab() {
    crontab -l 2>/dev/null || true
}

is_installed() {
    current_crontab | grep -qF "$MARKER"
}

install_entry() {
    [[ -x "$EXPORT_JOB" ]] || die "export job $EXPORT_JOB is missing or not executable"
    if is_installed; then
        log "schedule already present; replacing it"
        remove_entry
    fi
    local line="${SCHEDULE} ${EXPORT_JOB} >> ${SCRIPT_DIR}/docket_export.log 2>&1 ${MARKER}"
    { current_crontab; echo "@reboot ${EXPORT_JOB} >> ${SCRIPT_DIR}/docket_export.log 2>&1 ${MARKER}"; echo "$line"; } | crontab -
    log "installed schedule '${SCHEDULE}' plus @reboot entry for ${EXPORT_JOB}"
}

remove_entry() {
    if ! is_installed; then
        log "no schedule installed"
        return 0
    fi
    current_crontab | grep -vF "$MARKER" | crontab -
    log "removed docket export schedule"
}

show_status() {
    if is_installed; then
        echo "installed entries:"
        current_crontab | grep -F "$MARKER"
    else
        echo "docket export is not scheduled"
    fi
    if [[ -f "${SCRIPT_DIR}/docket_export.log" ]]; then
        echo "last export log lines:"
        tail -n 5 "${SCRIPT_DIR}/docket_export.log"
    fi
}

main() {
    parse_args "$@"
    command -v crontab >/dev/null 2>&1 || die "crontab is not available on this host"
    case "$ACTION" in
        install) install_entry ;;
        remove) remove_entry ;;
        status) show_status ;;
    esac
}

main "$@"
