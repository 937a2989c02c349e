#!/usr/bin/env bash
# gate_bridge_ports.sh - open the keypad/gate bridge ports on a depot server.
#
# The bridge talks to the site's keypad controllers on TCP 4370 and serves
# the unit-access dashboard on 8088. This script lets the controller subnet
# reach 4370 and the office subnet reach 8088, using firewalld where present
# and plain iptables otherwise, then persists the rules.
#
#   sudo ./gate_bridge_ports.sh -s 10.20.0.0/24 -o 10.10.0.0/24 [--remove]

set -euo pipefail

CONTROLLER_SUBNET=""
OFFICE_SUBNET=""
ACTION="add"
LOG="/var/log/gate-bridge-ports.log"

log() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) CONTROLLER_SUBNET="$2"; shift 2 ;;
        -o) OFFICE_SUBNET="$2"; shift 2 ;;
        --remove) ACTION="remove"; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

[[ -n "$CONTROLLER_SUBNET" && -n "$OFFICE_SUBNET" ]] || { echo "-s and -o are required" >&2; exit 64; }

SUDO=""
[[ $EUID -eq 0 ]] || SUDO="sudo"

firewalld_rules() {
    local verb="--add-rich-rule"
    [[ "$ACTION" == remove ]] && verb="--remove-rich-rule"
    $SUDO firewall-cmd --permanent "$verb" \
        "rule family=ipv4 source address=$CONTROLLER_SUBNET port port=4370 protocol=tcp accept"
    $SUDO firewall-cmd --permanent "$verb" \
        "rule family=ipv4 source address=$OFFICE_SUBNET port port=8088 protocol=tcp accept"
    $SUDO firewall-cmd --reload
}

iptables_rules() {
    local flag="-I"
    [[ "$ACTION" == remove ]] && flag="-D"
    $SUDO iptables "$flag" INPUT -p tcp -s "$CONTROLLER_SUBNET" --dport 4370 \
        -m comment --comment gate-bridge -j ACCEPT
    $SUDO iptables "$flag" INPUT -p tcp -s "$OFFICE_SUBNET" --dport 8088 \
        -m comment --comment gate-bridge -j ACCEPT
    if command -v netfilter-persistent >/dev/null; then
        $SUDO netfilter-persistent save
    elif [[ -d /etc/iptables ]]; then
        $SUDO sh -c 'iptables-save > /etc/iptables/rules.v4'
    else
        log "rules are live but not persisted; install iptables-persistent"
    fi
}

show_rules() {
    if systemctl is-active --quiet firewalld; then
        $SUDO firewall-cmd --list-rich-rules | grep -E '4370|8088' || true
    else
        $SUDO iptables -S INPUT | grep gate-bridge || true
    fi
}

if systemctl is-active --quiet firewalld; then
    log "firewalld active: ${ACTION}ing rich rules"
    firewalld_rules
else
    log "using iptables: ${ACTION}ing INPUT rules"
    iptables_rules
fi

log "current gate-bridge rules:"
show_rules | tee -a "$LOG"
