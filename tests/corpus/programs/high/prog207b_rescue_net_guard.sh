#!/usr/bin/env bash
# Network rules for the rescue's Raspberry Pi gateway: let the volunteer
# LAN reach the intake app and the camera stream, drop those ports from
# everywhere else, and route the camera VLAN.
# Usage: prog207b_rescue_net_guard.sh [apply|check|remove] [-l lan_cidr]
set -uo pipefail

LAN_CIDR="192.168.50.0/24"
CAM_IF="${CAM_IF:-eth1}"
declare -a PORTS=(8080 8554)
CHAIN="HOG_GUARD"

declare -a PRIV=()
[[ $EUID -eq 0 ]] || PRIV=(sudo -n)

ipt() { "${PRIV[@]}" iptables -w "$@"; }
note() { printf '[net-guard] %s\n' "$*"; }

ensure_chain() {
    ipt -nL "$CHAIN" >/dev/null 2>&1 || ipt -N "$CHAIN"
    ipt -C INPUT -j "$CHAIN" 2>/dev/null || ipt -I INPUT 1 -j "$CHAIN"
}

add_rule() {
    ipt -C "$CHAIN" "$@" 2>/dev/null || ipt -A "$CHAIN" "$@"
}

apply_rules() {
    ensure_chain
    local p
    for p in "${PORTS[@]}"; do
        add_rule -p tcp --dport "$p" -s "$LAN_CIDR" -j ACCEPT
        add_rule -p tcp --dport "$p" -j DROP
        note "port $p limited to $LAN_CIDR"
    done
    add_rule -j RETURN
}

enable_forwarding() {
    "${PRIV[@]}" sysctl -w net.ipv4.ip_forward=1 >/dev/null && note "forwarding on"
    ipt -C FORWARD -i "$CAM_IF" -s "$LAN_CIDR" -j ACCEPT 2>/dev/null \
        || ipt -A FORWARD -i "$CAM_IF" -s "$LAN_CIDR" -j ACCEPT
}

remove_rules() {
    ipt -D INPUT -j "$CHAIN" 2>/dev/null
    ipt -F "$CHAIN" 2>/dev/null
    ipt -X "$CHAIN" 2>/dev/null
    note "chain $CHAIN removed (other rules untouched)"
}

check_rules() {
    ipt -nvL "$CHAIN" --line-numbers 2>/dev/null || note "chain $CHAIN not present"
    "${PRIV[@]}" sysctl net.ipv4.ip_forward
}

ACTION="${1:-apply}"
shift || true
while getopts ':l:' opt; do
    case "$opt" in
        l) LAN_CIDR="$OPTARG" ;;
        *) note "bad option"; exit 2 ;;
    esac
done

if ! command -v iptables >/dev/null; then
    note "iptables not installed"
    exit 1
fi

case "$ACTION" in
    apply)
        apply_rules
        enable_forwarding
        "${PRIV[@]}" systemctl restart dnsmasq 2>/dev/null && note "dnsmasq restarted"
        ;;
    check) check_rules ;;
    remove) remove_rules ;;
    *) note "usage: $0 [apply|check|remove] [-l lan_cidr]"; exit 2 ;;
esac
