#!/usr/bin/env bash
# router_mode.sh - networking lab 6: turn a lab PC into a NAT router for the
# small "inner" LAN built on the second NIC, so students can watch
# forwarding and address translation with tcpdump.
#
# Usage: sudo ./router_mode.sh start|stop|status [-c lab6.conf]

set -euo pipefail

CONF="lab6.conf"
# defaults (lab6.conf may override)
WAN_IF="eth0"
LAN_IF="eth1"
LAN_NET="10.60.0.0/24"
LAN_ADDR="10.60.0.1/24"
LAB_HOSTS="10.60.0.10 client-a
10.60.0.11 client-b
10.60.0.20 webserver"
MARK="# netlab6"

msg() { printf '[lab6] %s\n' "$*"; }

need_root() {
    if [[ $EUID -ne 0 ]]; then
        exec sudo -- "$0" "$@"
    fi
}

load_conf() {
    if [[ -r "$CONF" ]]; then
        # shellcheck disable=SC1090
        source "$CONF"
        msg "loaded $CONF"
    fi
}

rule() {
    # $1 = -A / -D, rest = rule spec; add only if missing, delete only if present
    local op="$1"; shift
    if iptables -C "$@" 2>/dev/null; then
        [[ "$op" == "-D" ]] && iptables -D "$@"
    else
        [[ "$op" == "-A" ]] && iptables -A "$@"
    fi
    return 0
}

add_hosts() {
    grep -q "$MARK" /etc/hosts && return 0
    {
        echo "$MARK begin"
        echo "$LAB_HOSTS"
        echo "$MARK end"
    } >> /etc/hosts
    msg "lab host names added to /etc/hosts"
}

remove_hosts() {
    sed -i "/$MARK begin/,/$MARK end/d" /etc/hosts
}

start() {
    ip addr replace "$LAN_ADDR" dev "$LAN_IF"
    ip link set "$LAN_IF" up
    sysctl -w net.ipv4.ip_forward=1 >/dev/null
    sysctl -w net.ipv4.conf.all.send_redirects=0 >/dev/null
    rule -A POSTROUTING -t nat -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE
    rule -A FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$LAN_NET" -j ACCEPT
    rule -A FORWARD -i "$WAN_IF" -o "$LAN_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    add_hosts
    msg "router mode on: $LAN_IF ($LAN_NET) -> $WAN_IF"
    msg "try: tcpdump -ni $WAN_IF icmp   while a client pings 1.1.1.1"
}

stop() {
    rule -D POSTROUTING -t nat -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE
    rule -D FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$LAN_NET" -j ACCEPT
    rule -D FORWARD -i "$WAN_IF" -o "$LAN_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    sysctl -w net.ipv4.ip_forward=0 >/dev/null
    ip addr del "$LAN_ADDR" dev "$LAN_IF" 2>/dev/null || true
    remove_hosts
    msg "router mode off"
}

status() {
    echo "ip_forward = $(cat /proc/sys/net/ipv4/ip_forward)"
    ip -brief addr show "$LAN_IF" || true
    iptables -t nat -S POSTROUTING | grep -F "$LAN_NET" || echo "(no NAT rule)"
    conntrack -C 2>/dev/null | sed 's/^/tracked connections: /' || true
}

action="${1:-status}"
shift || true
while getopts ":c:" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        *) echo "usage: $0 start|stop|status [-c conf]" >&2; exit 1 ;;
    esac
done

case "$action" in
    start)  need_root "$action" "$@"; load_conf; start ;;
    stop)   need_root "$action" "$@"; load_conf; stop ;;
    status) load_conf; status ;;
    *) echo "usage: $0 start|stop|status [-c conf]" >&2; exit 1 ;;
esac
