#!/usr/bin/env bash
# Marina guest Wi-Fi gateway setup for the Braunston basin office.
# Routes the guest VLAN out through the office uplink and rate-limits it so
# boat customers don't swamp the booking terminals.
set -euo pipefail

GUEST_IF="${GUEST_IF:-wlan0}"
UPLINK_IF="${UPLINK_IF:-eth0}"
GUEST_NET="${GUEST_NET:-192.0.2.0/24}"
BOOKING_HOST="${BOOKING_HOST:-198.51.100.10}"
DNSMASQ_CONF="/etc/dnsmasq.d/guest-wifi.conf"

info() { echo "[gateway] $*"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

enable_forwarding() {
    info "enabling IPv4 forwarding"
    as_root sysctl -w net.ipv4.ip_forward=1 >/dev/null
}

add_rule() {
    local table="$1"; shift
    if ! as_root iptables -t "$table" -C "$@" 2>/dev/null; then
        as_root iptables -t "$table" -A "$@"
    fi
}

guest_rules() {
    info "adding guest NAT and isolation rules"
    add_rule nat POSTROUTING -s "$GUEST_NET" -o "$UPLINK_IF" -j MASQUERADE
    add_rule filter FORWARD -i "$GUEST_IF" -d "$BOOKING_HOST" -j REJECT
    add_rule filter FORWARD -i "$GUEST_IF" -o "$UPLINK_IF" -m state --state NEW,ESTABLISHED -j ACCEPT
    add_rule filter FORWARD -i "$UPLINK_IF" -o "$GUEST_IF" -m state --state ESTABLISHED,RELATED -j ACCEPT
}

dhcp_config() {
    info "writing $DNSMASQ_CONF"
    as_root tee "$DNSMASQ_CONF" >/dev/null <<EOF
interface=${GUEST_IF}
dhcp-range=192.0.2.50,192.0.2.200,255.255.255.0,4h
dhcp-option=option:dns-server,192.0.2.1
domain=guests.example.org
EOF
    as_root systemctl restart dnsmasq
}

status() {
    as_root iptables -t nat -L POSTROUTING -n --line-numbers
    as_root iptables -L FORWARD -n --line-numbers
}

case "${1:-up}" in
    up)
        enable_forwarding
        guest_rules
        dhcp_config
        info "guest gateway ready on $GUEST_IF"
        ;;
    status)
        status
        ;;
    *)
        echo "usage: $0 [up|status]" >&2
        exit 2
        ;;
esac
