#!/bin/bash
# Open the card-terminal VLAN on a branch router so the payment terminals
# can reach the acquirer, and nothing else.

set -euo pipefail

POS_IFACE="${POS_IFACE:-eth1}"
WAN_IFACE="${WAN_IFACE:-eth0}"
POS_NET="${POS_NET:-192.0.2.0/26}"
ACQUIRER_NET="${ACQUIRER_NET:-198.51.100.0/24}"
SYSCTL_FILE="/etc/sysctl.d/90-sudsco-pos.conf"
CHAIN="SUDS_POS"
DRY_RUN=0

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "+ $*"
    else
        "$@"
    fi
}

usage() {
    echo "Usage: $0 [--dry-run] [--status]"
}

status() {
    sudo iptables -L "$CHAIN" -n -v --line-numbers 2>/dev/null || echo "chain $CHAIN not present"
    sudo sysctl net.ipv4.ip_forward
}

ensure_chain() {
    if ! sudo iptables -L "$CHAIN" -n >/dev/null 2>&1; then
        run sudo iptables -N "$CHAIN"
    fi
    if ! sudo iptables -C FORWARD -i "$POS_IFACE" -j "$CHAIN" 2>/dev/null; then
        run sudo iptables -I FORWARD 1 -i "$POS_IFACE" -j "$CHAIN"
    fi
}

add_rule() {
    if ! sudo iptables -C "$CHAIN" "$@" 2>/dev/null; then
        run sudo iptables -A "$CHAIN" "$@"
    fi
}

configure_rules() {
    add_rule -s "$POS_NET" -d "$ACQUIRER_NET" -o "$WAN_IFACE" -p tcp --dport 443 -j ACCEPT
    add_rule -s "$POS_NET" -o "$WAN_IFACE" -p udp --dport 123 -j ACCEPT
    add_rule -s "$POS_NET" -o "$WAN_IFACE" -p udp --dport 53 -j ACCEPT
    add_rule -s "$POS_NET" -j LOG --log-prefix "suds-pos-drop: "
    add_rule -s "$POS_NET" -j DROP
    if ! sudo iptables -C FORWARD -o "$POS_IFACE" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT 2>/dev/null; then
        run sudo iptables -I FORWARD 1 -o "$POS_IFACE" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    fi
}

enable_forwarding() {
    run sudo sysctl -w net.ipv4.ip_forward=1
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "+ write $SYSCTL_FILE"
    else
        printf 'net.ipv4.ip_forward = 1\n' | sudo tee "$SYSCTL_FILE" >/dev/null
        sudo chmod 0644 "$SYSCTL_FILE"
    fi
}

save_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        run sudo netfilter-persistent save
    else
        echo "netfilter-persistent not installed; rules will not survive a reboot"
    fi
}

case "${1:-}" in
    --dry-run) DRY_RUN=1 ;;
    --status) status; exit 0 ;;
    -h|--help) usage; exit 0 ;;
    "") ;;
    *) usage; exit 2 ;;
esac

ensure_chain
configure_rules
enable_forwarding
save_rules
echo "POS VLAN $POS_NET on $POS_IFACE configured"
