#!/usr/bin/env bash
# restart_till_agents.sh - bring the till sync agent back after a bad night.
#
# The bar tills run two services: till-agent (card payments + sync) and
# receipt-printer (CUPS wrapper). When card payments start timing out, the
# bar supervisor runs this on the till: it checks each service, restarts the
# ones that are down or flapping, and logs what it did to ./till_restarts.log
# so IT can see it the next morning.

set -uo pipefail

SERVICES=("till-agent.service" "receipt-printer.service")
LOG_FILE="./till_restarts.log"
MAX_RESTARTS_PER_SERVICE=3
WAIT_SECONDS=5
FORCE=0

log() {
    local line
    line="$(date '+%F %T') $(hostname -s) [$1] $2"
    echo "$line"
    echo "$line" >> "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $0 [-f] [-s service ...]
  -f   restart even if the service reports active
  -s   restrict to one service (may repeat)
EOF
}

custom=()
while getopts ":fs:h" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        s) custom+=("$OPTARG") ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done
if [[ ${#custom[@]} -gt 0 ]]; then
    SERVICES=("${custom[@]}")
fi

service_state() {
    systemctl is-active "$1" 2>/dev/null || true
}

recent_failures() {
    # Number of restarts systemd has done on its own in this boot.
    systemctl show -p NRestarts --value "$1" 2>/dev/null || echo 0
}

restart_service() {
    local svc="$1" attempt=1
    while (( attempt <= MAX_RESTARTS_PER_SERVICE )); do
        log INFO "restarting $svc (attempt $attempt)"
        if sudo systemctl restart "$svc"; then
            sleep "$WAIT_SECONDS"
            if [[ "$(service_state "$svc")" == "active" ]]; then
                log INFO "$svc is active again"
                return 0
            fi
        fi
        attempt=$((attempt + 1))
    done
    log ERROR "$svc did not come back after $MAX_RESTARTS_PER_SERVICE attempts"
    sudo systemctl status --no-pager --lines=20 "$svc" >> "$LOG_FILE" 2>&1 || true
    return 1
}

if ! sudo -n true 2>/dev/null; then
    log WARN "sudo will prompt for the till admin password"
fi

failed=0
for svc in "${SERVICES[@]}"; do
    state="$(service_state "$svc")"
    restarts="$(recent_failures "$svc")"
    log INFO "$svc state=$state auto_restarts=$restarts"

    if [[ "$state" == "active" && $FORCE -eq 0 && "${restarts:-0}" -lt 5 ]]; then
        log INFO "$svc looks healthy, leaving it alone"
        continue
    fi
    restart_service "$svc" || failed=$((failed + 1))
done

if (( failed > 0 )); then
    log ERROR "$failed service(s) still down - call IT on the duty phone"
    exit 1
fi
log INFO "all till services running"
exit 0
