#!/usr/bin/env bash
# rip_service_restart.sh - restart the RIP and output-manager services.
#
# When the RIP queue stalls (jobs stuck in "interpreting" for more than a
# few minutes) the prepress shift restarts the RIP services in order:
# output manager first, then the RIP workers, then the hot-folder bridge.
# The script checks each service came back before moving on.

set -uo pipefail

SERVICES=(rip-output-manager rip-worker@1 rip-worker@2 rip-hotfolder-bridge)
WAIT_SECS="${WAIT_SECS:-15}"
LOG_FILE="${LOG_FILE:-./rip_restart.log}"
ONLY=""

log() { printf '%s [rip-restart] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "usage: $0 [-s service] [-w wait_seconds]" >&2
    exit 2
}

while getopts ":s:w:" opt; do
    case "$opt" in
        s) ONLY="$OPTARG" ;;
        w) WAIT_SECS="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ "$WAIT_SECS" =~ ^[0-9]+$ ]] || usage

service_state() {
    systemctl is-active "$1" 2>/dev/null || true
}

recent_errors() {
    journalctl -u "$1" --since "-10min" -p err --no-pager 2>/dev/null | tail -n 5
}

restart_one() {
    local svc="$1"
    log "$svc is $(service_state "$svc"), restarting"
    if ! sudo systemctl restart "$svc"; then
        log "restart of $svc failed"
        recent_errors "$svc" | while read -r line; do log "  $line"; done
        return 1
    fi
    local waited=0
    while (( waited < WAIT_SECS )); do
        if [[ "$(service_state "$svc")" == "active" ]]; then
            log "$svc active after ${waited}s"
            return 0
        fi
        sleep 1
        waited=$((waited + 1))
    done
    log "$svc not active after ${WAIT_SECS}s"
    return 1
}

main() {
    local failures=0
    local targets=("${SERVICES[@]}")
    [[ -n "$ONLY" ]] && targets=("$ONLY")
    for svc in "${targets[@]}"; do
        if ! restart_one "$svc"; then
            failures=$((failures + 1))
            log "stopping sequence, later services depend on $svc"
            break
        fi
    done
    if (( failures )); then
        log "restart sequence incomplete, call the prepress lead"
        exit 1
    fi
    log "all RIP services restarted"
}

main
