#!/usr/bin/env bash
# restart_telemetry_collector.sh - bounce the oven telemetry collector service.
#
# When the oven dashboard stops updating, the usual fix is restarting the
# collector service on the store PC. This script checks how stale the latest
# reading is, restarts the service if needed and confirms it came back.
#
# Usage: restart_telemetry_collector.sh [-s service] [-m max_age_s] [-f] [-h]

set -euo pipefail

SERVICE="oven-telemetry.service"
MAX_AGE=300
FORCE=0
READINGS_DIR="./telemetry"
LOG_FILE="./restart_telemetry_collector.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-s service] [-m max_age_seconds] [-f] [-h]"
}

while getopts ":s:m:fh" opt; do
    case "$opt" in
        s) SERVICE="$OPTARG" ;;
        m) MAX_AGE="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

latest_reading_age() {
    local newest
    newest="$(ls -1t "$READINGS_DIR"/*.json 2>/dev/null | head -n1 || true)"
    if [[ -z "$newest" ]]; then
        echo 999999
        return
    fi
    echo $(( $(date +%s) - $(stat -c %Y "$newest") ))
}

service_active() {
    systemctl is-active --quiet "$SERVICE"
}

restart_service() {
    log "restarting ${SERVICE}"
    sudo systemctl restart "$SERVICE"
    local i
    for i in 1 2 3 4 5 6; do
        sleep 5
        if service_active; then
            log "${SERVICE} active after $(( i * 5 ))s"
            return 0
        fi
    done
    log "ERROR: ${SERVICE} did not come back"
    sudo systemctl status "$SERVICE" --no-pager | tee -a "$LOG_FILE" || true
    return 1
}

main() {
    local age
    age="$(latest_reading_age)"
    log "latest reading is ${age}s old (limit ${MAX_AGE}s)"

    if [[ "$FORCE" -eq 0 && "$age" -lt "$MAX_AGE" ]] && service_active; then
        log "collector healthy; nothing to do"
        exit 0
    fi

    if ! systemctl cat "$SERVICE" >/dev/null 2>&1; then
        log "ERROR: unit ${SERVICE} not installed on this PC"
        exit 1
    fi

    restart_service || exit 1
    sleep 20
    age="$(latest_reading_age)"
    if [[ "$age" -lt 60 ]]; then
        log "readings flowing again (${age}s old)"
    else
        log "WARN: service up but no fresh readings yet; check the oven gateway"
    fi
}

main
