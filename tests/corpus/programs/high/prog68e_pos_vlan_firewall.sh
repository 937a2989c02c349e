#!/bin/sh
# pos_vlan_firewall.sh - keep the card terminals apart from guest Wi-Fi
#
# Runs on the shop's small Linux router (the old mini PC behind the ISP box).
# Lets the POS VLAN reach only the payment processor and the back-office
# server, drops anything from the guest Wi-Fi towards the POS VLAN, and
# turns on forwarding. Values come from /usr/local/etc/shopnet.env or the
# environment.

set -eu

[ -r /usr/local/etc/shopnet.env ] && . /usr/local/etc/shopnet.env

POS_IF="${POS_IF:-eth0.20}"
GUEST_IF="${GUEST_IF:-wlan0}"
WAN_IF="${WAN_IF:-eth1}"
BACKOFFICE="${BACKOFFICE:-192.168.10.5}"
PROCESSOR_NETS="${PROCESSOR_NETS:-198.51.100.0/24 203.0.113.0/24}"
CHAIN="SHOP_POS"
DRY="${DRY_RUN:-0}"

log() { logger -t pos-firewall "$*" 2>/dev/null || true; echo "pos-firewall: $*"; }

if [ "$(id -u)" -eq 0 ]; then
    ROOT=""
elif command -v doas >/dev/null 2>&1; then
    ROOT="doas"
else
    ROOT="sudo"
fi

ipt() {
    if [ "$DRY" = 1 ]; then
        echo "iptables $*"
    else
        $ROOT iptables -w 5 "$@"
    fi
}

reset_chain() {
    ipt -N "$CHAIN" 2>/dev/null || ipt -F "$CHAIN"
    ipt -C FORWARD -i "$POS_IF" -j "$CHAIN" 2>/dev/null \
        || ipt -I FORWARD 1 -i "$POS_IF" -j "$CHAIN"
}

pos_rules() {
    ipt -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    ipt -A "$CHAIN" -d "$BACKOFFICE" -p tcp -m multiport --dports 443,5432 -j ACCEPT
    for net in $PROCESSOR_NETS; do
        ipt -A "$CHAIN" -o "$WAN_IF" -d "$net" -p tcp --dport 443 -j ACCEPT
    done
    ipt -A "$CHAIN" -p udp --dport 123 -o "$WAN_IF" -j ACCEPT
    ipt -A "$CHAIN" -j LOG --log-prefix "pos-drop: " --log-level 4
    ipt -A "$CHAIN" -j DROP
}

guest_isolation() {
    ipt -C FORWARD -i "$GUEST_IF" -o "$POS_IF" -j DROP 2>/dev/null \
        || ipt -I FORWARD 1 -i "$GUEST_IF" -o "$POS_IF" -j DROP
}

enable_forwarding() {
    if [ "$DRY" = 1 ]; then
        echo "sysctl -w net.ipv4.ip_forward=1"
        return
    fi
    $ROOT sysctl -q -w net.ipv4.ip_forward=1
    echo "net.ipv4.ip_forward = 1" | $ROOT tee /etc/sysctl.d/90-shop-forward.conf >/dev/null
}

save_rules() {
    [ "$DRY" = 1 ] && return 0
    if command -v netfilter-persistent >/dev/null 2>&1; then
        $ROOT netfilter-persistent save
    else
        $ROOT sh -c 'iptables-save > /etc/iptables/rules.v4'
    fi
}

log "POS=$POS_IF guest=$GUEST_IF wan=$WAN_IF"
reset_chain
pos_rules
guest_isolation
enable_forwarding
save_rules
log "rules applied"
