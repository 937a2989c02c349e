#!/bin/sh
# cart_gateway_firewall_rules.sh - open the ports the cart-barn gateway needs.
#
# The gateway box in the cart barn receives GPS telemetry from the fleet over
# UDP, serves the starter's dispatch board over HTTPS and forwards the course
# wifi VLAN to the clubhouse LAN. Run after a reimage or when ports change.
#
#   cart_gateway_firewall_rules.sh [-f rules.conf] [--persist] [--dry-run]
#
set -eu

RULES_CONF="./gateway_ports.conf"
PERSIST=0
DRY=0
CHAIN="CART_GW"
WIFI_IF="${WIFI_IF:-wlan0}"
LAN_IF="${LAN_IF:-eth0}"
TELEMETRY_PORT=5010
DISPATCH_PORT=8443
MGMT_NET="10.20.0.0/24"

msg() { echo "gw-fw: $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -f) RULES_CONF="$2"; shift 2 ;;
        --persist) PERSIST=1; shift ;;
        --dry-run) DRY=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) msg "unknown argument $1"; exit 64 ;;
    esac
done

# shellcheck disable=SC1090
[ -f "$RULES_CONF" ] && . "$RULES_CONF"

if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
else
    SUDO=""
fi

ipt() {
    if [ "$DRY" -eq 1 ]; then
        echo "iptables $*"
    else
        $SUDO iptables "$@"
    fi
}

prepare_chain() {
    if $SUDO iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt -F "$CHAIN"
    else
        ipt -N "$CHAIN"
    fi
    $SUDO iptables -C INPUT -j "$CHAIN" 2>/dev/null || ipt -I INPUT 1 -j "$CHAIN"
}

add_input_rules() {
    ipt -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    ipt -A "$CHAIN" -i "$WIFI_IF" -p udp --dport "$TELEMETRY_PORT" -j ACCEPT
    ipt -A "$CHAIN" -p tcp --dport "$DISPATCH_PORT" -m conntrack --ctstate NEW -j ACCEPT
    ipt -A "$CHAIN" -s "$MGMT_NET" -p tcp --dport 22 -j ACCEPT
    ipt -A "$CHAIN" -j RETURN
    msg "input rules loaded into $CHAIN"
}

enable_forwarding() {
    if [ "$DRY" -eq 1 ]; then
        echo "sysctl -w net.ipv4.ip_forward=1"
    else
        $SUDO sysctl -q -w net.ipv4.ip_forward=1
    fi
    $SUDO iptables -C FORWARD -i "$WIFI_IF" -o "$LAN_IF" -p tcp --dport "$DISPATCH_PORT" -j ACCEPT 2>/dev/null \
        || ipt -A FORWARD -i "$WIFI_IF" -o "$LAN_IF" -p tcp --dport "$DISPATCH_PORT" -j ACCEPT
    $SUDO iptables -C FORWARD -i "$LAN_IF" -o "$WIFI_IF" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT 2>/dev/null \
        || ipt -A FORWARD -i "$LAN_IF" -o "$WIFI_IF" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    $SUDO iptables -t nat -C POSTROUTING -o "$LAN_IF" -j MASQUERADE 2>/dev/null \
        || ipt -t nat -A POSTROUTING -o "$LAN_IF" -j MASQUERADE
    msg "forwarding $WIFI_IF -> $LAN_IF enabled"
}

persist_rules() {
    [ "$PERSIST" -eq 1 ] || return 0
    if [ "$DRY" -eq 1 ]; then
        echo "iptables-save > /etc/iptables/rules.v4"
        return 0
    fi
    $SUDO mkdir -p /etc/iptables
    $SUDO sh -c 'iptables-save > /etc/iptables/rules.v4'
    echo "net.ipv4.ip_forward = 1" | $SUDO tee /etc/sysctl.d/60-cart-gateway.conf >/dev/null
    msg "rules saved to /etc/iptables/rules.v4"
}

command -v iptables >/dev/null 2>&1 || { msg "iptables not installed"; exit 69; }
prepare_chain
add_input_rules
enable_forwarding
persist_rules
msg "done"
