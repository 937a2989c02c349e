#!/bin/bash
# Keep the card terminals on the shop VLAN apart from the public guest Wi-Fi.
# Adds the rules only if they are not already present, so it is safe to rerun.

set -euo pipefail

POS_IF="${POS_IF:-eth1}"
GUEST_IF="${GUEST_IF:-wlan0}"
WAN_IF="${WAN_IF:-eth0}"
POS_NET="${POS_NET:-192.0.2.0/26}"
PAYMENT_GW="${PAYMENT_GW:-203.0.113.15}"
CHAIN="PB_POS"

log() {
    logger -t pos-vlan-rules "$*" 2>/dev/null || true
    echo "pos-vlan-rules: $*"
}

ipt() {
    sudo iptables "$@"
}

rule_present() {
    ipt -C "$@" 2>/dev/null
}

add_rule() {
    if rule_present "$@"; then
        log "present: $*"
    else
        ipt -A "$@"
        log "added: $*"
    fi
}

ensure_chain() {
    if ! ipt -L "$CHAIN" -n >/dev/null 2>&1; then
        ipt -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    if ! rule_present FORWARD -j "$CHAIN"; then
        ipt -I FORWARD 1 -j "$CHAIN"
        log "hooked $CHAIN into FORWARD"
    fi
}

apply_rules() {
    add_rule "$CHAIN" -i "$GUEST_IF" -o "$POS_IF" -j DROP
    add_rule "$CHAIN" -i "$POS_IF" -o "$GUEST_IF" -j DROP
    add_rule "$CHAIN" -i "$POS_IF" -o "$WAN_IF" -s "$POS_NET" -d "$PAYMENT_GW" \
        -p tcp --dport 443 -j ACCEPT
    add_rule "$CHAIN" -i "$WAN_IF" -o "$POS_IF" -m conntrack \
        --ctstate ESTABLISHED,RELATED -j ACCEPT
    add_rule "$CHAIN" -i "$POS_IF" -o "$WAN_IF" -p udp --dport 123 -j ACCEPT
    add_rule "$CHAIN" -i "$POS_IF" -j LOG --log-prefix "pos-drop: "
    add_rule "$CHAIN" -i "$POS_IF" -j DROP
}

show_rules() {
    ipt -L "$CHAIN" -n -v --line-numbers
}

enable_forwarding() {
    current=$(sysctl -n net.ipv4.ip_forward)
    if [ "$current" != "1" ]; then
        sudo sysctl -w net.ipv4.ip_forward=1
        log "enabled ip forwarding"
    fi
}

case "${1:-apply}" in
    apply)
        enable_forwarding
        ensure_chain
        apply_rules
        show_rules
        ;;
    show)
        show_rules
        ;;
    check)
        for iface in "$POS_IF" "$GUEST_IF" "$WAN_IF"; do
            if ip link show "$iface" >/dev/null 2>&1; then
                echo "$iface: present"
            else
                echo "$iface: missing"
            fi
        done
        ;;
    *)
        echo "usage: $0 [apply|show|check]" >&2
        exit 1
        ;;
esac
