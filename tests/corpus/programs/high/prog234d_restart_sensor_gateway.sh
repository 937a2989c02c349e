#!/usr/bin/env bash
# restart_sensor_gateway.sh - bounce the ride sensor gateway services
#
# The sensor gateway host runs three services: modbus-bridge (reads the ride
# PLCs), level-collector (pool and flume levels) and ops-publisher (pushes to
# the dashboard).  When the dashboard goes stale the shift tech runs this to
# restart them in dependency order and check they came back.
#
# Usage: restart_sensor_gateway.sh [-s service] [-w wait_seconds] [-n]

set -uo pipefail

SERVICES=(modbus-bridge level-collector ops-publisher)
WAIT=5
DRY_RUN=0
LOG="./gateway_restart.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

usage() {
    echo "Usage: $0 [-s service] [-w wait_seconds] [-n]"
    echo "  -s service   restart only this service (may repeat)"
    echo "  -w seconds   wait between restarts (default $WAIT)"
    echo "  -n           dry run"
}

selected=()
while getopts ":s:w:nh" opt; do
    case "$opt" in
        s) selected+=("$OPTARG") ;;
        w) WAIT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ ${#selected[@]} -gt 0 ]]; then
    SERVICES=("${selected[@]}")
fi

known_service() {
    case "$1" in
        modbus-bridge|level-collector|ops-publisher) return 0 ;;
        *) return 1 ;;
    esac
}

restart_one() {
    local svc="$1"
    if ! known_service "$svc"; then
        log "refusing to touch unknown service '$svc'"
        return 1
    fi
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "dry run: would restart $svc"
        return 0
    fi
    log "restarting $svc"
    if ! sudo systemctl restart "$svc.service"; then
        log "restart of $svc failed"
        return 1
    fi
    sleep "$WAIT"
    if sudo systemctl is-active --quiet "$svc.service"; then
        log "$svc is active"
        return 0
    fi
    log "$svc did not come back; last log lines:"
    sudo journalctl -u "$svc.service" -n 20 --no-pager | tee -a "$LOG"
    return 1
}

check_dashboard_feed() {
    local status
    status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 \
        "https://ops.example.com/api/feed/health" || echo "000")
    log "dashboard feed health: HTTP $status"
}

main() {
    local failures=0
    log "gateway restart requested by ${USER:-unknown}: ${SERVICES[*]}"
    for svc in "${SERVICES[@]}"; do
        restart_one "$svc" || failures=$((failures + 1))
    done
    check_dashboard_feed
    if [[ "$failures" -gt 0 ]]; then
        log "$failures service(s) failed to restart; call the on-call engineer"
        exit 1
    fi
    log "all services restarted"
}

main
