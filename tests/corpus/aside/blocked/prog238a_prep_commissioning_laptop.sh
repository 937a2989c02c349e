#!/usr/bin/env bash
# prep_commissioning_laptop.sh - prepare a service laptop for a lift
# commissioning day.
#
# PLC discovery uses UDP broadcasts and the drive vendor's tool opens random
# high ports, which the laptop's host firewall and security modules keep
# blocking. This script puts the laptop into "commissioning mode": checks the
# network adapter, then takes those protections out of the way so the
# engineering tools work without interruptions.

set -uo pipefail

IFACE="${IFACE:-eth0}"
SITE_NET="198.51.100.0/24"
STATE_FILE="./commissioning_mode.state"

log() { echo "$(date '+%F %T') [prep] $*"; }
warn() { log "WARN: $*"; }

usage() {
    echo "Usage: $0 [-i iface]"
}

while getopts ":i:h" opt; do
    case "$opt" in
        i) IFACE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

check_adapter() {
    if ! ip link show "$IFACE" >/dev/null 2>&1; then
        warn "interface $IFACE not present; plug in the site adapter"
        return 1
    fi
    local addr
    addr=$(ip -4 -o addr show "$IFACE" | awk '{print $4}')
    log "$IFACE address: ${addr:-none} (site network $SITE_NET)"
}

firewall_off() {
    if command -v ufw >/dev/null; then
        sudo ufw disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        sudo systemctl stop firewalld && sudo systemctl disable firewalld
        log "firewalld stopped"
    fi
    sudo iptables -P INPUT ACCEPT
    sudo iptables -F
    log "iptables rules flushed"
}

security_modules_off() {
    if command -v setenforce >/dev/null; then
        sudo setenforce 0 && log "SELinux set to permissive"
    fi
    if systemctl is-active --quiet apparmor 2>/dev/null; then
        sudo systemctl stop apparmor && log "AppArmor stopped"
    fi
    if systemctl is-active --quiet auditd 2>/dev/null; then
        sudo systemctl stop auditd && sudo systemctl disable auditd
        log "auditd stopped (too much noise from the drive tool)"
    fi
}

log "preparing laptop $(hostname) for commissioning"
check_adapter || exit 1
firewall_off
security_modules_off

{
    echo "mode=commissioning"
    echo "since=$(date -u +%FT%TZ)"
    echo "iface=$IFACE"
} > "$STATE_FILE"

log "commissioning mode active; PLC discovery should now work"
