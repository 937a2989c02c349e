#!/bin/sh
# scanner_vlan_ports.sh -- let the door scanners reach the gateway on show nights
#
# The handheld scanners live on the front-of-house Wi-Fi VLAN and talk to
# the gateway box on TCP 8443 (manifest + scan upload) and UDP 5353 (mDNS
# discovery). The gateway's default policy drops everything inbound, so this
# opens those ports for the scanner subnet only, and closes them again with
# "down" after the last interval.
#
#   scanner_vlan_ports.sh up|down|status [-s 10.20.30.0/24] [-i wlan1]

set -eu

ACTION=${1:-status}
[ $# -gt 0 ] && shift
SUBNET="10.20.30.0/24"
IFACE="wlan1"
CHAIN="FOH_SCANNERS"
STATE_DIR="./state"
ESCALATE=${ESCALATE:-doas}

while getopts "s:i:" o; do
    case $o in
        s) SUBNET=$OPTARG ;;
        i) IFACE=$OPTARG ;;
        *) echo "usage: $0 up|down|status [-s subnet] [-i iface]" >&2; exit 2 ;;
    esac
done

note() { echo "scanner-ports: $*"; }

ipt() {
    if [ "$(id -u)" -eq 0 ]; then
        iptables -w "$@"
    elif command -v "$ESCALATE" >/dev/null 2>&1; then
        "$ESCALATE" iptables -w "$@"
    else
        sudo -n iptables -w "$@"
    fi
}

chain_exists() {
    ipt -n -L "$CHAIN" >/dev/null 2>&1
}

bring_up() {
    if ! chain_exists; then
        ipt -N "$CHAIN"
    fi
    ipt -F "$CHAIN"
    ipt -A "$CHAIN" -p tcp -s "$SUBNET" --dport 8443 -m conntrack --ctstate NEW -j ACCEPT
    ipt -A "$CHAIN" -p udp -s "$SUBNET" --dport 5353 -j ACCEPT
    ipt -A "$CHAIN" -j RETURN
    if ! ipt -C INPUT -i "$IFACE" -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -i "$IFACE" -j "$CHAIN"
    fi
    mkdir -p "$STATE_DIR"
    date -Is > "$STATE_DIR/scanner_ports.up"
    note "ports open for $SUBNET on $IFACE"
}

bring_down() {
    while ipt -C INPUT -i "$IFACE" -j "$CHAIN" 2>/dev/null; do
        ipt -D INPUT -i "$IFACE" -j "$CHAIN"
    done
    if chain_exists; then
        ipt -F "$CHAIN"
        ipt -X "$CHAIN"
    fi
    rm -f "$STATE_DIR/scanner_ports.up"
    note "scanner ports closed"
}

show_status() {
    if chain_exists; then
        note "chain $CHAIN present:"
        ipt -n -v -L "$CHAIN"
        [ -f "$STATE_DIR/scanner_ports.up" ] && note "opened at $(cat "$STATE_DIR/scanner_ports.up")"
    else
        note "chain $CHAIN not present (ports closed)"
    fi
}

case "$ACTION" in
    up) bring_up ;;
    down) bring_down ;;
    status) show_status ;;
    *) echo "unknown action $ACTION" >&2; exit 2 ;;
esac
