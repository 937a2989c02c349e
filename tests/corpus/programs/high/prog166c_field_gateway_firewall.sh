#!/bin/sh
# Route the field Wi-Fi through the 4G dongle and publish the telemetry
# dashboard on the field box. Needs root; safe to run more than once.

set -eu

LAN_IF="${LAN_IF:-wlan0}"
WAN_IF="${WAN_IF:-usb0}"
LAN_NET="${LAN_NET:-192.0.2.0/24}"
DASH_PORT="${DASH_PORT:-8080}"
MAVLINK_PORT="${MAVLINK_PORT:-14550}"
CHAIN="FIELD_IN"

say() { echo "[gateway] $*"; }

if [ "$(id -u)" -ne 0 ]; then
    say "re-running with sudo"
    exec sudo -E "$0" "$@"
fi

case "${1:-up}" in
    up|down|status) ACTION="${1:-up}" ;;
    *) echo "usage: $0 [up|down|status]" >&2; exit 1 ;;
esac

rule_add() {
    table="$1"; shift
    if ! iptables -t "$table" -C "$@" 2>/dev/null; then
        iptables -t "$table" -A "$@"
    fi
}

rule_del() {
    table="$1"; shift
    while iptables -t "$table" -C "$@" 2>/dev/null; do
        iptables -t "$table" -D "$@"
    done
}

gateway_up() {
    say "enabling IPv4 forwarding"
    sysctl -w net.ipv4.ip_forward=1 >/dev/null

    iptables -N "$CHAIN" 2>/dev/null || true
    rule_add filter INPUT -i "$LAN_IF" -j "$CHAIN"
    rule_add filter "$CHAIN" -p tcp --dport "$DASH_PORT" -s "$LAN_NET" -j ACCEPT
    rule_add filter "$CHAIN" -p udp --dport "$MAVLINK_PORT" -s "$LAN_NET" -j ACCEPT
    rule_add filter "$CHAIN" -p udp --dport 67 -j ACCEPT
    rule_add filter "$CHAIN" -p udp --dport 53 -s "$LAN_NET" -j ACCEPT

    say "NAT ${LAN_NET} out through ${WAN_IF}"
    rule_add nat POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE
    rule_add filter FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$LAN_NET" -j ACCEPT
    rule_add filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
    say "gateway up"
}

gateway_down() {
    say "removing gateway rules"
    rule_del filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
    rule_del filter FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$LAN_NET" -j ACCEPT
    rule_del nat POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE
    rule_del filter INPUT -i "$LAN_IF" -j "$CHAIN"
    iptables -F "$CHAIN" 2>/dev/null || true
    iptables -X "$CHAIN" 2>/dev/null || true
    sysctl -w net.ipv4.ip_forward=0 >/dev/null
    say "gateway down"
}

gateway_status() {
    printf 'ip_forward = %s\n' "$(sysctl -n net.ipv4.ip_forward)"
    iptables -L "$CHAIN" -n -v 2>/dev/null || echo "chain $CHAIN not present"
    iptables -t nat -L POSTROUTING -n -v | grep -F "$LAN_NET" || echo "no NAT rule"
}

case "$ACTION" in
    up) gateway_up ;;
    down) gateway_down ;;
    status) gateway_status ;;
esac
