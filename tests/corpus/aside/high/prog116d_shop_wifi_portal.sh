#!/bin/sh
# shop_wifi_portal.sh - customer wifi with a welcome page for the rental counter
#
# The shop router box has two NICs: the uplink and the customer wifi AP.
# Customers waiting for a repair or picking up a rental get internet via
# NAT; plain-HTTP requests from devices that have not accepted the rental
# terms are sent to the local welcome page (rental terms, opening hours,
# repair status lookup) served on port 8090.
#
# usage: shop_wifi_portal.sh start|stop|allow MAC|status

set -eu

WAN_IF="${WAN_IF:-eth0}"
LAN_IF="${LAN_IF:-wlan0}"
LAN_NET="${LAN_NET:-192.168.77.0/24}"
PORTAL_PORT="${PORTAL_PORT:-8090}"
CHAIN="SHOP_PORTAL"
ALLOWED_FILE="${ALLOWED_FILE:-./portal_allowed.txt}"

if [ "$(id -u)" -ne 0 ]; then
    exec sudo -E "$0" "$@"
fi

say() { echo "portal: $*"; }

ipt() { iptables -w 5 "$@"; }

chain_exists() { ipt -t nat -nL "$CHAIN" >/dev/null 2>&1; }

start() {
    say "enabling forwarding $LAN_IF -> $WAN_IF"
    sysctl -q -w net.ipv4.ip_forward=1

    if ! chain_exists; then
        ipt -t nat -N "$CHAIN"
    fi
    ipt -t nat -F "$CHAIN"
    # devices that accepted the terms bypass the welcome page
    if [ -f "$ALLOWED_FILE" ]; then
        while read -r mac _; do
            [ -n "$mac" ] || continue
            ipt -t nat -A "$CHAIN" -m mac --mac-source "$mac" -j RETURN
        done <"$ALLOWED_FILE"
    fi
    ipt -t nat -A "$CHAIN" -p tcp --dport 80 -j REDIRECT --to-ports "$PORTAL_PORT"

    ipt -t nat -C PREROUTING -i "$LAN_IF" -j "$CHAIN" 2>/dev/null \
        || ipt -t nat -A PREROUTING -i "$LAN_IF" -j "$CHAIN"
    ipt -t nat -C POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE 2>/dev/null \
        || ipt -t nat -A POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE
    ipt -C FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$LAN_NET" -j ACCEPT 2>/dev/null \
        || ipt -A FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$LAN_NET" -j ACCEPT
    ipt -C FORWARD -i "$WAN_IF" -o "$LAN_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT 2>/dev/null \
        || ipt -A FORWARD -i "$WAN_IF" -o "$LAN_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    say "started; welcome page on port $PORTAL_PORT"
}

stop() {
    ipt -t nat -D PREROUTING -i "$LAN_IF" -j "$CHAIN" 2>/dev/null || true
    if chain_exists; then
        ipt -t nat -F "$CHAIN"
        ipt -t nat -X "$CHAIN"
    fi
    ipt -t nat -D POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE 2>/dev/null || true
    ipt -D FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$LAN_NET" -j ACCEPT 2>/dev/null || true
    ipt -D FORWARD -i "$WAN_IF" -o "$LAN_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT 2>/dev/null || true
    sysctl -q -w net.ipv4.ip_forward=0
    say "stopped"
}

allow() {
    mac=$(echo "$1" | tr 'A-F' 'a-f')
    case "$mac" in
        ??:??:??:??:??:??) ;;
        *) echo "bad MAC address: $1" >&2; exit 2 ;;
    esac
    grep -qi "^$mac" "$ALLOWED_FILE" 2>/dev/null || echo "$mac $(date +%F)" >>"$ALLOWED_FILE"
    ipt -t nat -I "$CHAIN" 1 -m mac --mac-source "$mac" -j RETURN
    say "allowed $mac"
}

status() {
    echo "ip_forward = $(sysctl -n net.ipv4.ip_forward)"
    chain_exists && ipt -t nat -nvL "$CHAIN" || echo "portal chain not present"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    allow) [ $# -eq 2 ] || { echo "usage: $0 allow MAC" >&2; exit 2; }; allow "$2" ;;
    status) status ;;
    *) echo "usage: $0 start|stop|allow MAC|status" >&2; exit 2 ;;
esac
