#!/usr/bin/env bash
# bidding_service_restart.sh - health-check the online bidding service on
# a gateway host and restart it when it stops answering.
#
# Intended for the sale-day duty engineer: run it by hand or from the
# duty checklist when bidders report the "waiting for auctioneer" screen.
set -uo pipefail

SERVICE="${SERVICE:-auction-bidding.service}"
HEALTH_URL="${HEALTH_URL:-https://bidding.example.com/healthz}"
ATTEMPTS="${ATTEMPTS:-3}"
WAIT_SECS="${WAIT_SECS:-10}"
FORCE=0
LOG_FILE="./bidding_restart.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

usage() {
    cat >&2 <<EOF
Usage: $0 [-s service] [-u health_url] [-f]
  -s  systemd unit to manage (default ${SERVICE})
  -u  health endpoint (default ${HEALTH_URL})
  -f  restart even if the health check passes
EOF
}

while getopts "s:u:fh" opt; do
    case "$opt" in
        s) SERVICE="$OPTARG" ;;
        u) HEALTH_URL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

healthy() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$HEALTH_URL")"
    [[ "$code" == "200" ]]
}

check_with_retries() {
    local i
    for ((i = 1; i <= ATTEMPTS; i++)); do
        if healthy; then
            return 0
        fi
        log "health check ${i}/${ATTEMPTS} failed"
        sleep 2
    done
    return 1
}

restart_service() {
    log "restarting ${SERVICE}"
    if ! sudo systemctl restart "$SERVICE"; then
        log "systemctl restart failed"
        sudo systemctl status "$SERVICE" --no-pager | tail -n 20 | tee -a "$LOG_FILE"
        return 1
    fi
    sleep "$WAIT_SECS"
    if check_with_retries; then
        log "${SERVICE} healthy after restart"
        return 0
    fi
    log "${SERVICE} still unhealthy; recent journal follows"
    sudo journalctl -u "$SERVICE" -n 40 --no-pager | tee -a "$LOG_FILE"
    return 1
}

main() {
    log "checking ${SERVICE} via ${HEALTH_URL}"
    if [[ $FORCE -eq 0 ]] && check_with_retries; then
        log "service healthy; nothing to do"
        return 0
    fi
    restart_service
}

main
