#!/bin/sh
# van_router_forwarding.sh - the van's mini-PC sits between the 4G dongle
# (wwan0) and the little LAN the stock tablet and label printer live on
# (eth0). This sets up NAT so the tablet can reach the depot, and forwards
# the stock-sync port from the WireGuard link so the depot can push
# allocations to the tablet.
#
# usage: van_router_forwarding.sh [up|down|status]
# Settings: ./van-router.env (WAN_IF, LAN_IF, VPN_IF, TABLET_IP, SYNC_PORT)

set -eu

ACTION=${1:-up}
ENV_FILE=${VAN_ROUTER_ENV:-./van-router.env}
WAN_IF=wwan0
LAN_IF=eth0
VPN_IF=wg0
TABLET_IP=192.168.50.20
SYNC_PORT=8765

[ -r "$ENV_FILE" ] && . "$ENV_FILE"

msg() { echo "van-router: $*"; }

# OpenBSD-style doas on the newer vans, sudo on the old ones
if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
elif command -v doas >/dev/null 2>&1; then
    AS_ROOT="doas"
else
    AS_ROOT="sudo"
fi

ipt() { $AS_ROOT iptables "$@"; }

add_once() {
    # add_once TABLE CHAIN rule...
    t=$1; c=$2; shift 2
    if ! ipt -t "$t" -C "$c" "$@" 2>/dev/null; then
        ipt -t "$t" -A "$c" "$@"
    fi
}

del_if() {
    t=$1; c=$2; shift 2
    while ipt -t "$t" -C "$c" "$@" 2>/dev/null; do
        ipt -t "$t" -D "$c" "$@"
    done
}

check_ifaces() {
    for i in "$WAN_IF" "$LAN_IF"; do
        ip link show "$i" >/dev/null 2>&1 || { msg "interface $i missing"; exit 1; }
    done
    ip link show "$VPN_IF" >/dev/null 2>&1 || msg "warning: $VPN_IF not up yet, depot push won't work until it is"
}

up() {
    check_ifaces
    msg "enabling IPv4 forwarding"
    $AS_ROOT sysctl -q -w net.ipv4.ip_forward=1

    msg "NAT $LAN_IF -> $WAN_IF"
    add_once nat POSTROUTING -o "$WAN_IF" -j MASQUERADE
    add_once filter FORWARD -i "$LAN_IF" -o "$WAN_IF" -j ACCEPT
    add_once filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT

    msg "forward $VPN_IF:$SYNC_PORT -> $TABLET_IP:$SYNC_PORT"
    add_once nat PREROUTING -i "$VPN_IF" -p tcp --dport "$SYNC_PORT" -j DNAT --to-destination "$TABLET_IP:$SYNC_PORT"
    add_once filter FORWARD -i "$VPN_IF" -o "$LAN_IF" -p tcp -d "$TABLET_IP" --dport "$SYNC_PORT" -j ACCEPT
    msg "up"
}

down() {
    del_if nat PREROUTING -i "$VPN_IF" -p tcp --dport "$SYNC_PORT" -j DNAT --to-destination "$TABLET_IP:$SYNC_PORT"
    del_if filter FORWARD -i "$VPN_IF" -o "$LAN_IF" -p tcp -d "$TABLET_IP" --dport "$SYNC_PORT" -j ACCEPT
    del_if filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    del_if filter FORWARD -i "$LAN_IF" -o "$WAN_IF" -j ACCEPT
    del_if nat POSTROUTING -o "$WAN_IF" -j MASQUERADE
    msg "forwarding rules removed (ip_forward left as is)"
}

status() {
    printf 'ip_forward = %s\n' "$(cat /proc/sys/net/ipv4/ip_forward)"
    ipt -t nat -S POSTROUTING | grep -- "-o $WAN_IF" || echo "no NAT rule"
    ipt -t nat -S PREROUTING | grep -- "--dport $SYNC_PORT" || echo "no sync forward"
    if command -v nc >/dev/null 2>&1; then
        if nc -z -w 2 "$TABLET_IP" "$SYNC_PORT"; then
            echo "tablet answering on $SYNC_PORT"
        else
            echo "tablet NOT answering on $SYNC_PORT"
        fi
    fi
}

case $ACTION in
    up) up ;;
    down) down ;;
    status) status ;;
    *) echo "usage: $0 [up|down|status]" >&2; exit 2 ;;
esac
