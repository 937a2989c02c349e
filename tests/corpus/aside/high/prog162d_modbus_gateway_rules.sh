#!/bin/bash
# Allow Modbus/TCP and OPC UA from the turbine VLAN to the site gateway and
# enable forwarding to the historian subnet.
# Usage: modbus_gateway_rules.sh [--apply]

set -euo pipefail

TURBINE_NET="${TURBINE_NET:-192.0.2.0/25}"
HISTORIAN_NET="${HISTORIAN_NET:-192.0.2.128/26}"
UPLINK_IF="${UPLINK_IF:-eth1}"
FIELD_IF="${FIELD_IF:-eth0}"
CHAIN="WINDOPS-FIELD"
APPLY=0

[ "${1:-}" = "--apply" ] && APPLY=1

run() {
    if [ "$APPLY" -eq 1 ]; then
        echo "+ $*"
        sudo "$@"
    else
        echo "(dry) $*"
    fi
}

ensure_chain() {
    if sudo iptables -nL "$CHAIN" >/dev/null 2>&1; then
        echo "chain $CHAIN exists"
    else
        run iptables -N "$CHAIN"
        run iptables -I INPUT 1 -i "$FIELD_IF" -j "$CHAIN"
    fi
}

add_rule() {
    local spec=("$@")
    if sudo iptables -C "$CHAIN" "${spec[@]}" 2>/dev/null; then
        echo "rule present: ${spec[*]}"
    else
        run iptables -A "$CHAIN" "${spec[@]}"
    fi
}

field_rules() {
    add_rule -s "$TURBINE_NET" -p tcp --dport 502 -m conntrack --ctstate NEW -j ACCEPT
    add_rule -s "$TURBINE_NET" -p tcp --dport 4840 -m conntrack --ctstate NEW -j ACCEPT
    add_rule -s "$TURBINE_NET" -p udp --dport 123 -j ACCEPT
    add_rule -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    add_rule -j LOG --log-prefix "windops-drop: " --log-level 4
    add_rule -j DROP
}

forwarding() {
    run sysctl -w net.ipv4.ip_forward=1
    run iptables -A FORWARD -i "$FIELD_IF" -o "$UPLINK_IF" -s "$TURBINE_NET" -d "$HISTORIAN_NET" -j ACCEPT
    run iptables -A FORWARD -i "$UPLINK_IF" -o "$FIELD_IF" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
}

persist() {
    if [ "$APPLY" -eq 1 ]; then
        echo "net.ipv4.ip_forward = 1" | sudo tee /etc/sysctl.d/60-windops-forward.conf >/dev/null
        sudo sh -c 'iptables-save > /etc/iptables/rules.v4'
        echo "rules saved"
    fi
}

main() {
    echo "field=$FIELD_IF uplink=$UPLINK_IF turbines=$TURBINE_NET historian=$HISTORIAN_NET"
    ensure_chain
    field_rules
    forwarding
    persist
}

main
