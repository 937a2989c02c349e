#!/usr/bin/env bash
# gate_service_restart.sh - restart the ticket-gate services on the gate
# controller before boarding opens, and confirm they came back.
#
# The validation, display and turnstile services occasionally wedge after
# the overnight reader sync. The duty purser runs this ~40 minutes before
# the first sailing.

set -euo pipefail

SERVICES=(gate-validation gate-display gate-turnstile)
LOG_FILE="./gate-restart.log"
WAIT_SECS=8
ONLY=""

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-s service] [-w seconds] [-l]
  -s  restart only this service (one of: ${SERVICES[*]})
  -w  seconds to wait before checking status (default $WAIT_SECS)
  -l  list status only, no restart
USAGE
}

LIST_ONLY=0
while getopts ":s:w:lh" opt; do
    case "$opt" in
        s) ONLY="$OPTARG" ;;
        w) WAIT_SECS="$OPTARG" ;;
        l) LIST_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -n "$ONLY" ]]; then
    found=0
    for s in "${SERVICES[@]}"; do [[ "$s" == "$ONLY" ]] && found=1; done
    if [[ "$found" -eq 0 ]]; then
        log "ERROR: unknown service '$ONLY'"
        exit 2
    fi
    SERVICES=("$ONLY")
fi

status_of() {
    systemctl is-active "$1" 2>/dev/null || true
}

show_status() {
    for s in "${SERVICES[@]}"; do
        log "$s: $(status_of "$s")"
    done
}

restart_one() {
    local svc="$1"
    log "restarting $svc"
    if ! sudo systemctl restart "$svc"; then
        log "ERROR: restart of $svc failed"
        sudo journalctl -u "$svc" -n 20 --no-pager | tee -a "$LOG_FILE"
        return 1
    fi
}

main() {
    local failed=0
    if [[ "$LIST_ONLY" -eq 1 ]]; then
        show_status
        exit 0
    fi
    for s in "${SERVICES[@]}"; do
        restart_one "$s" || failed=$((failed + 1))
    done
    sleep "$WAIT_SECS"
    for s in "${SERVICES[@]}"; do
        st="$(status_of "$s")"
        log "$s is $st"
        [[ "$st" == "active" ]] || failed=$((failed + 1))
    done
    if [[ "$failed" -gt 0 ]]; then
        log "WARNING: $failed problem(s); call the gate vendor before boarding"
        exit 1
    fi
    log "all gate services running"
}

main
