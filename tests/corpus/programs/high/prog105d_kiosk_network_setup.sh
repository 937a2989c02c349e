#!/usr/bin/env bash
# kiosk_network_setup.sh - network side of the exhibition ticket kiosks
#
# The door kiosks are Pis running the ticket desk app on :8085.  One of them
# also provides the "ExpoTickets" hotspot that the tablets at the door join.
# This script:
#   * points DHCP clients on the hotspot at the ticket desk (dnsmasq)
#   * sends plain http://ticket.expo/ on port 80 through to the app on 8085
#   * only lets the hotspot reach the app port, nothing else on the Pi
#
# Usage: kiosk_network_setup.sh [--iface wlan0] [--subnet 10.42.0] [--undo]
set -euo pipefail

IFACE="wlan0"
SUBNET="10.42.0"
APP_PORT=8085
DNSMASQ_SNIPPET="/etc/dnsmasq.d/expo-tickets.conf"
UNDO=0

msg() { echo "[kiosk-net] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --iface)  IFACE="$2"; shift 2 ;;
        --subnet) SUBNET="$2"; shift 2 ;;
        --undo)   UNDO=1; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

ip link show "$IFACE" >/dev/null 2>&1 || { msg "no interface $IFACE"; exit 1; }

rule() {
    # add a rule only if it is not already there, so re-runs are harmless
    local table="$1"; shift
    if ! sudo iptables -t "$table" -C "$@" 2>/dev/null; then
        sudo iptables -t "$table" -A "$@"
    fi
}

unrule() {
    local table="$1"; shift
    while sudo iptables -t "$table" -C "$@" 2>/dev/null; do
        sudo iptables -t "$table" -D "$@"
    done
}

write_dnsmasq() {
    msg "writing $DNSMASQ_SNIPPET"
    sudo tee "$DNSMASQ_SNIPPET" >/dev/null <<EOF
# exhibition ticket hotspot - generated $(date -Iseconds)
interface=$IFACE
dhcp-range=$SUBNET.50,$SUBNET.150,255.255.255.0,8h
address=/ticket.expo/$SUBNET.1
dhcp-option=option:router,$SUBNET.1
EOF
    sudo systemctl restart dnsmasq
}

apply() {
    write_dnsmasq

    msg "redirecting :80 on $IFACE to :$APP_PORT"
    rule nat PREROUTING -i "$IFACE" -p tcp --dport 80 -j REDIRECT --to-ports "$APP_PORT"

    msg "restricting hotspot clients to DHCP, DNS and the ticket app"
    rule filter INPUT -i "$IFACE" -p udp --dport 67 -j ACCEPT
    rule filter INPUT -i "$IFACE" -p udp --dport 53 -j ACCEPT
    rule filter INPUT -i "$IFACE" -p tcp --dport "$APP_PORT" -j ACCEPT
    rule filter INPUT -i "$IFACE" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    rule filter INPUT -i "$IFACE" -j DROP

    msg "no routing between hotspot and club network"
    sudo sysctl -q -w net.ipv4.ip_forward=0
    rule filter FORWARD -i "$IFACE" -j DROP

    if command -v netfilter-persistent >/dev/null; then
        sudo netfilter-persistent save
    else
        msg "netfilter-persistent not installed; rules last until reboot"
    fi
}

undo() {
    unrule nat PREROUTING -i "$IFACE" -p tcp --dport 80 -j REDIRECT --to-ports "$APP_PORT"
    unrule filter INPUT -i "$IFACE" -p udp --dport 67 -j ACCEPT
    unrule filter INPUT -i "$IFACE" -p udp --dport 53 -j ACCEPT
    unrule filter INPUT -i "$IFACE" -p tcp --dport "$APP_PORT" -j ACCEPT
    unrule filter INPUT -i "$IFACE" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    unrule filter INPUT -i "$IFACE" -j DROP
    unrule filter FORWARD -i "$IFACE" -j DROP
    sudo rm -f "$DNSMASQ_SNIPPET"
    sudo systemctl restart dnsmasq
    msg "kiosk network rules removed"
}

if [[ $UNDO -eq 1 ]]; then
    undo
else
    apply
    msg "done - tablets on $IFACE should now open http://ticket.expo/"
fi
