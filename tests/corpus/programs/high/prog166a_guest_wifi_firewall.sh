#!/bin/sh
# Guest Wi-Fi isolation rules for the hostel router box.
# Keeps the guest VLAN away from the office network and the PMS server,
# and limits each guest to the captive portal until they log in.

set -eu

GUEST_IF="${GUEST_IF:-wlan1}"
UPLINK_IF="${UPLINK_IF:-eth0}"
OFFICE_NET="${OFFICE_NET:-192.0.2.0/25}"
GUEST_NET="${GUEST_NET:-198.51.100.0/24}"
PORTAL_IP="${PORTAL_IP:-198.51.100.1}"
PORTAL_PORT="${PORTAL_PORT:-8080}"
CHAIN="HOSTEL_GUEST"
DRY_RUN=0

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
    else
        sudo "$@"
    fi
}

chain_exists() {
    sudo iptables -n -L "$CHAIN" >/dev/null 2>&1
}

enable_forwarding() {
    echo "enabling IPv4 forwarding"
    run sysctl -w net.ipv4.ip_forward=1
}

create_chain() {
    if chain_exists; then
        echo "chain $CHAIN exists, refreshing its rules"
        run iptables -F "$CHAIN"
    else
        run iptables -N "$CHAIN"
        run iptables -I FORWARD 1 -i "$GUEST_IF" -j "$CHAIN"
    fi
}

add_rules() {
    echo "adding guest isolation rules"
    run iptables -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    run iptables -A "$CHAIN" -d "$OFFICE_NET" -j REJECT
    run iptables -A "$CHAIN" -s "$GUEST_NET" -d "$GUEST_NET" -j DROP
    run iptables -A "$CHAIN" -p udp --dport 53 -j ACCEPT
    run iptables -A "$CHAIN" -p tcp -m multiport --dports 80,443 -o "$UPLINK_IF" -j ACCEPT
    run iptables -A "$CHAIN" -j DROP
}

add_portal_redirect() {
    echo "redirecting unauthenticated HTTP to portal $PORTAL_IP:$PORTAL_PORT"
    run iptables -t nat -C PREROUTING -i "$GUEST_IF" -p tcp --dport 80 \
        -j DNAT --to-destination "$PORTAL_IP:$PORTAL_PORT" 2>/dev/null \
    || run iptables -t nat -A PREROUTING -i "$GUEST_IF" -p tcp --dport 80 \
        -j DNAT --to-destination "$PORTAL_IP:$PORTAL_PORT"
    run iptables -t nat -C POSTROUTING -s "$GUEST_NET" -o "$UPLINK_IF" -j MASQUERADE 2>/dev/null \
    || run iptables -t nat -A POSTROUTING -s "$GUEST_NET" -o "$UPLINK_IF" -j MASQUERADE
}

save_rules() {
    if [ -d /etc/iptables ]; then
        echo "saving rules to /etc/iptables/rules.v4"
        if [ "$DRY_RUN" -eq 0 ]; then
            sudo sh -c 'iptables-save > /etc/iptables/rules.v4'
        fi
    fi
}

show() {
    sudo iptables -n -v -L "$CHAIN" --line-numbers
    sudo iptables -t nat -n -L PREROUTING
}

usage() {
    echo "usage: $0 [--dry-run] apply|show"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        apply|show) ACTION="$1" ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

case "${ACTION:-apply}" in
    apply)
        enable_forwarding
        create_chain
        add_rules
        add_portal_redirect
        save_rules
        echo "guest firewall applied on $GUEST_IF"
        ;;
    show)
        show
        ;;
esac
