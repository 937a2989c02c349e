#!/bin/bash
# Sets up the depot gateway that shares the office uplink with the
# passenger Wi-Fi routers while the buses are parked overnight.

set -euo pipefail

WAN_IF="${WAN_IF:-eth0}"
BUS_IF="${BUS_IF:-eth1}"
BUS_NET="${BUS_NET:-198.51.100.0/24}"
PORTAL_HOST="${PORTAL_HOST:-192.0.2.10}"
SYSCTL_FILE="/etc/sysctl.d/60-depot-gateway.conf"

msg() { echo "[gateway] $*"; }

usage() {
    echo "usage: $0 [up|down|status]" >&2
    exit 2
}

need_tools() {
    for tool in iptables sysctl ip; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            msg "missing $tool"
            exit 1
        fi
    done
}

enable_forwarding() {
    sudo sysctl -w net.ipv4.ip_forward=1
    echo "net.ipv4.ip_forward = 1" | sudo tee "$SYSCTL_FILE" >/dev/null
    msg "forwarding enabled"
}

disable_forwarding() {
    sudo sysctl -w net.ipv4.ip_forward=0
    sudo rm -f "$SYSCTL_FILE"
    msg "forwarding disabled"
}

add_rules() {
    if ! sudo iptables -t nat -C POSTROUTING -s "$BUS_NET" -o "$WAN_IF" -j MASQUERADE 2>/dev/null; then
        sudo iptables -t nat -A POSTROUTING -s "$BUS_NET" -o "$WAN_IF" -j MASQUERADE
    fi
    sudo iptables -A FORWARD -i "$BUS_IF" -o "$WAN_IF" -s "$BUS_NET" -j ACCEPT
    sudo iptables -A FORWARD -i "$WAN_IF" -o "$BUS_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
    sudo iptables -t nat -A PREROUTING -i "$BUS_IF" -p tcp --dport 80 -j DNAT --to-destination "$PORTAL_HOST:80"
    msg "nat and forward rules added for $BUS_NET"
}

remove_rules() {
    sudo iptables -t nat -D POSTROUTING -s "$BUS_NET" -o "$WAN_IF" -j MASQUERADE 2>/dev/null || true
    sudo iptables -D FORWARD -i "$BUS_IF" -o "$WAN_IF" -s "$BUS_NET" -j ACCEPT 2>/dev/null || true
    sudo iptables -D FORWARD -i "$WAN_IF" -o "$BUS_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT 2>/dev/null || true
    sudo iptables -t nat -D PREROUTING -i "$BUS_IF" -p tcp --dport 80 -j DNAT --to-destination "$PORTAL_HOST:80" 2>/dev/null || true
    msg "rules removed"
}

show_status() {
    sysctl net.ipv4.ip_forward
    sudo iptables -t nat -L POSTROUTING -n -v | grep -F "$BUS_NET" || msg "no nat rule"
    ip -brief addr show "$BUS_IF" || true
}

main() {
    need_tools
    case "${1:-status}" in
        up)
            enable_forwarding
            add_rules
            ;;
        down)
            remove_rules
            disable_forwarding
            ;;
        status)
            show_status
            ;;
        *)
            usage
            ;;
    esac
}

main "$@"
