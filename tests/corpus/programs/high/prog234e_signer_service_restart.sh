#!/usr/bin/env bash
# signer_service_restart.sh - restart the office signing service and its
# timestamp proxy after a configuration change, with health checks.
#
# Used by the signing admins after the vendor pushes a new policy file.
# Restarts services in dependency order and checks the signing server health URL.

set -uo pipefail

SERVICES=(notary-tsa-proxy notary-signer)
HEALTH_URL="${HEALTH_URL:-https://signer.example.org:8443/healthz}"
WAIT_SECS="${WAIT_SECS:-30}"
LOG="${LOG:-./signer_restart.log}"
ONLY=""

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-s service] [-w wait_seconds]" >&2
    exit 1
}

while getopts ":s:w:h" opt; do
    case "$opt" in
        s) ONLY="$OPTARG" ;;
        w) WAIT_SECS="$OPTARG" ;;
        *) usage ;;
    esac
done

if [[ -n "$ONLY" ]]; then
    SERVICES=("$ONLY")
fi

unit_exists() {
    systemctl list-unit-files --no-legend "$1.service" 2>/dev/null | grep -q "^$1.service"
}

restart_unit() {
    local unit="$1"
    if ! unit_exists "$unit"; then
        log WARN "unit $unit not installed, skipping"
        return 0
    fi
    log INFO "restarting $unit"
    if ! sudo systemctl restart "$unit.service"; then
        log ERROR "restart of $unit failed"
        systemctl status --no-pager --lines=20 "$unit.service" | tee -a "$LOG"
        return 1
    fi
    local i
    for ((i = 0; i < WAIT_SECS; i++)); do
        if systemctl is-active --quiet "$unit.service"; then
            log INFO "$unit active after ${i}s"
            return 0
        fi
        sleep 1
    done
    log ERROR "$unit not active after ${WAIT_SECS}s"
    return 1
}

health_check() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$HEALTH_URL" || echo 000)"
    if [[ "$code" == "200" ]]; then
        log INFO "health check OK"
        return 0
    fi
    log ERROR "health check returned $code"
    return 1
}

show_recent_errors() {
    local unit
    for unit in "${SERVICES[@]}"; do
        journalctl -u "$unit.service" --since "-10min" -p err --no-pager 2>/dev/null \
            | tail -n 15 | tee -a "$LOG"
    done
}

main() {
    local failed=0 unit
    for unit in "${SERVICES[@]}"; do
        restart_unit "$unit" || failed=1
    done
    if [[ "$failed" -eq 0 ]]; then
        sleep 2
        health_check || failed=1
    fi
    if [[ "$failed" -ne 0 ]]; then
        show_recent_errors
        exit 1
    fi
    log INFO "signing services restarted"
}

main
