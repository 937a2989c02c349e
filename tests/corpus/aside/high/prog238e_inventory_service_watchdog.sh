#!/usr/bin/env bash
# inventory_service_watchdog.sh - restart the inventory web app when it hangs.
#
# The warehouse inventory app (foodbank-inventory.service) occasionally
# stops answering after a large donation import. Volunteers on the dock
# run this from the ops checkout; it probes the health endpoint and, after
# several consecutive failures, restarts the service.
set -euo pipefail

SERVICE="${SERVICE:-foodbank-inventory.service}"
HEALTH_URL="${HEALTH_URL:-https://inventory.example.org/healthz}"
MAX_FAILS="${MAX_FAILS:-3}"
INTERVAL="${INTERVAL:-10}"
LOG_DIR="./logs"
LOG_FILE="$LOG_DIR/watchdog.log"
DRY_RUN=0

mkdir -p "$LOG_DIR"

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE"; }

usage() {
    cat <<USAGE
Usage: $0 [-n] [-s service] [-u health_url] [-f max_fails]
  -n  dry run: report but do not restart
USAGE
}

while getopts ":ns:u:f:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        s) SERVICE="$OPTARG" ;;
        u) HEALTH_URL="$OPTARG" ;;
        f) MAX_FAILS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

probe() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$HEALTH_URL" || echo 000)"
    [[ "$code" == "200" ]]
}

service_state() {
    systemctl is-active "$SERVICE" 2>/dev/null || true
}

restart_service() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry run: would restart $SERVICE"
        return 0
    fi
    log WARN "restarting $SERVICE"
    if sudo systemctl restart "$SERVICE"; then
        sleep 5
        log INFO "$SERVICE is now $(service_state)"
    else
        log ERROR "restart of $SERVICE failed"
        return 1
    fi
}

main() {
    local fails=0 i
    log INFO "watching $HEALTH_URL (service $SERVICE, state $(service_state))"
    for ((i = 1; i <= MAX_FAILS; i++)); do
        if probe; then
            log INFO "health check passed"
            exit 0
        fi
        fails=$((fails + 1))
        log WARN "health check failed ($fails/$MAX_FAILS)"
        [[ "$i" -lt "$MAX_FAILS" ]] && sleep "$INTERVAL"
    done
    restart_service
    if probe; then
        log INFO "service healthy after restart"
    else
        log ERROR "service still unhealthy; page the on-call coordinator"
        exit 1
    fi
}

main
