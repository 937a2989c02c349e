#!/usr/bin/env bash
# weather_gateway_net.sh - route the boathouse weather station onto the
# station's internet link.
#
# The Davis WeatherLink logger and the tide gauge sit on the isolated
# boathouse LAN (eth1, 192.168.50.0/24). This script lets them upload
# through the crew-room PC's uplink by enabling forwarding and NAT for that
# subnet only, and forwards the logger's local web page to port 8081 so the
# launch board can show live wind.
#
#   ./weather_gateway_net.sh up|down|status [-l LAN_IF] [-w WAN_IF]

set -euo pipefail

ACTION="${1:-status}"
shift || true
LAN_IF=eth1
WAN_IF=""
LAN_NET=192.168.50.0/24
LOGGER_IP=192.168.50.20
BOARD_PORT=8081
COMMENT="station-weather-gw"

while getopts ":l:w:" opt; do
    case "$opt" in
        l) LAN_IF="$OPTARG" ;;
        w) WAN_IF="$OPTARG" ;;
        *) echo "usage: $0 up|down|status [-l lan_if] [-w wan_if]" >&2; exit 2 ;;
    esac
done

[ -n "$WAN_IF" ] || WAN_IF=$(ip route show default | awk '/default/ {print $5; exit}')
[ -n "$WAN_IF" ] || { echo "no default route, pass -w" >&2; exit 1; }

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo

ipt() { $SUDO iptables "$@"; }

# add a rule only if an identical one is not already present
ensure() {
    local table="$1"; shift
    ipt -t "$table" -C "$@" -m comment --comment "$COMMENT" 2>/dev/null \
        || ipt -t "$table" -A "$@" -m comment --comment "$COMMENT"
}

remove() {
    local table="$1"; shift
    while ipt -t "$table" -C "$@" -m comment --comment "$COMMENT" 2>/dev/null; do
        ipt -t "$table" -D "$@" -m comment --comment "$COMMENT"
    done
}

rules() {
    local op="$1"
    $op nat POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE
    $op filter FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$LAN_NET" -j ACCEPT
    $op filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -d "$LAN_NET" \
        -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    $op nat PREROUTING -i lo -p tcp --dport "$BOARD_PORT" \
        -j DNAT --to-destination "$LOGGER_IP:80"
    $op nat OUTPUT -o lo -p tcp --dport "$BOARD_PORT" \
        -j DNAT --to-destination "$LOGGER_IP:80"
}

case "$ACTION" in
    up)
        ip link show "$LAN_IF" >/dev/null || { echo "no interface $LAN_IF" >&2; exit 1; }
        echo "enabling forwarding $LAN_IF -> $WAN_IF"
        $SUDO sysctl -q -w net.ipv4.ip_forward=1
        $SUDO sysctl -q -w "net.ipv4.conf.$LAN_IF.route_localnet=1"
        $SUDO sysctl -q -w net.ipv4.conf.lo.route_localnet=1
        rules ensure
        echo "weather gateway up; live wind at http://localhost:$BOARD_PORT/"
        ;;
    down)
        rules remove
        $SUDO sysctl -q -w net.ipv4.ip_forward=0
        echo "weather gateway down"
        ;;
    status)
        echo "ip_forward=$(cat /proc/sys/net/ipv4/ip_forward)"
        ipt -t nat -S | grep -F "$COMMENT" || echo "no NAT rules"
        ipt -S FORWARD | grep -F "$COMMENT" || echo "no forward rules"
        ;;
    *)
        echo "unknown action $ACTION" >&2
        exit 2
        ;;
esac
