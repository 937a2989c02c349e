#!/bin/sh
# open_modbus_gateway_ports.sh - let the aggregator's VPN subnet reach the
# battery inverters' Modbus/TCP behind this gateway.
#
# Adds forwarding and NAT rules for the inverter LAN, enables IPv4
# forwarding, and saves the ruleset so it survives a reboot. Re-runnable:
# rules are only added when missing.
#
#   AGG_NET=10.99.0.0/24 LAN_IF=eth1 VPN_IF=wg0 ./open_modbus_gateway_ports.sh

set -eu

AGG_NET="${AGG_NET:-10.99.0.0/24}"
LAN_NET="${LAN_NET:-192.168.50.0/24}"
LAN_IF="${LAN_IF:-eth1}"
VPN_IF="${VPN_IF:-wg0}"
PORTS="${PORTS:-502 1502}"
RULES_FILE="${RULES_FILE:-/etc/iptables/rules.v4}"
DRY_RUN="${DRY_RUN:-0}"

msg() { echo "modbus-ports: $*"; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { msg "need root or sudo"; exit 1; }
    SUDO="sudo"
fi

run() {
    if [ "$DRY_RUN" = "1" ]; then
        echo "+ $*"
    else
        $SUDO "$@"
    fi
}

ensure_rule() {
    table="$1"; shift
    chain="$1"; shift
    if $SUDO iptables -t "$table" -C "$chain" "$@" 2>/dev/null; then
        return 0
    fi
    run iptables -t "$table" -A "$chain" "$@"
    msg "added $table/$chain $*"
}

check_interfaces() {
    for ifc in "$LAN_IF" "$VPN_IF"; do
        if ! ip link show "$ifc" >/dev/null 2>&1; then
            msg "interface $ifc not present"
            exit 1
        fi
    done
}

enable_forwarding() {
    current="$(cat /proc/sys/net/ipv4/ip_forward)"
    if [ "$current" != "1" ]; then
        run sysctl -w net.ipv4.ip_forward=1
        if [ -d /etc/sysctl.d ]; then
            echo "net.ipv4.ip_forward = 1" | run tee /etc/sysctl.d/60-modbus-gateway.conf >/dev/null
        fi
    fi
}

add_rules() {
    for port in $PORTS; do
        ensure_rule filter FORWARD -i "$VPN_IF" -o "$LAN_IF" -s "$AGG_NET" -d "$LAN_NET" \
            -p tcp --dport "$port" -m conntrack --ctstate NEW -j ACCEPT
    done
    ensure_rule filter FORWARD -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    ensure_rule nat POSTROUTING -s "$AGG_NET" -o "$LAN_IF" -j MASQUERADE
}

persist() {
    run mkdir -p "$(dirname "$RULES_FILE")"
    if [ "$DRY_RUN" = "1" ]; then
        echo "+ iptables-save > $RULES_FILE"
    else
        $SUDO sh -c "iptables-save > '$RULES_FILE'"
    fi
    msg "ruleset saved to $RULES_FILE"
}

check_interfaces
enable_forwarding
add_rules
persist
msg "aggregator $AGG_NET can now reach $LAN_NET on ports: $PORTS"
