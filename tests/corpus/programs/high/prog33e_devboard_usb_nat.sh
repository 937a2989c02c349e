#!/bin/sh
# Share the workstation's uplink with a dev board attached over USB gadget
# ethernet (RNDIS/ECM), so the board can reach package mirrors and the OTA
# server during bring-up.
#
#   devboard_usb_nat.sh up   [usb-iface] [uplink-iface]
#   devboard_usb_nat.sh down [usb-iface] [uplink-iface]
#   devboard_usb_nat.sh status
#
# Adds (and on "down" deletes) only its own rules, tagged with a comment.

set -eu

ACTION="${1:-status}"
USB_IF="${2:-usb0}"
UPLINK_IF="${3:-}"
BOARD_NET="${BOARD_NET:-192.168.7.0/24}"
HOST_ADDR="${HOST_ADDR:-192.168.7.1/24}"
TAG="devboard-nat"
SUDO=""

msg() { echo "[usb-nat] $*"; }

if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
    msg "not root, will use sudo for network changes"
fi

detect_uplink() {
    ip route show default 2>/dev/null | awk '/default/ {for (i=1;i<=NF;i++) if ($i=="dev") {print $(i+1); exit}}'
}

[ -n "$UPLINK_IF" ] || UPLINK_IF="$(detect_uplink)"
[ -n "$UPLINK_IF" ] || { msg "cannot determine uplink interface"; exit 1; }

ipt() {
    # ipt TABLE CHAIN RULE...
    table="$1"; chain="$2"; shift 2
    if $SUDO iptables -t "$table" -C "$chain" "$@" -m comment --comment "$TAG" 2>/dev/null; then
        msg "rule already present in $table/$chain"
    else
        $SUDO iptables -t "$table" -A "$chain" "$@" -m comment --comment "$TAG"
    fi
}

ipt_del() {
    table="$1"; chain="$2"; shift 2
    while $SUDO iptables -t "$table" -D "$chain" "$@" -m comment --comment "$TAG" 2>/dev/null; do
        :
    done
}

bring_up() {
    if ! ip link show "$USB_IF" >/dev/null 2>&1; then
        msg "$USB_IF not present; is the board's gadget driver loaded?"
        exit 1
    fi
    $SUDO ip addr replace "$HOST_ADDR" dev "$USB_IF"
    $SUDO ip link set "$USB_IF" up
    $SUDO sysctl -q -w net.ipv4.ip_forward=1
    ipt nat POSTROUTING -s "$BOARD_NET" -o "$UPLINK_IF" -j MASQUERADE
    ipt filter FORWARD -i "$USB_IF" -o "$UPLINK_IF" -s "$BOARD_NET" -j ACCEPT
    ipt filter FORWARD -i "$UPLINK_IF" -o "$USB_IF" -d "$BOARD_NET" \
        -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    msg "board network $BOARD_NET on $USB_IF now routed via $UPLINK_IF"
}

bring_down() {
    ipt_del nat POSTROUTING -s "$BOARD_NET" -o "$UPLINK_IF" -j MASQUERADE
    ipt_del filter FORWARD -i "$USB_IF" -o "$UPLINK_IF" -s "$BOARD_NET" -j ACCEPT
    ipt_del filter FORWARD -i "$UPLINK_IF" -o "$USB_IF" -d "$BOARD_NET" \
        -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    if ip link show "$USB_IF" >/dev/null 2>&1; then
        $SUDO ip addr del "$HOST_ADDR" dev "$USB_IF" 2>/dev/null || true
    fi
    msg "removed $TAG rules (ip_forward left as is)"
}

show_status() {
    msg "uplink: $UPLINK_IF  usb: $USB_IF  board net: $BOARD_NET"
    msg "ip_forward = $(cat /proc/sys/net/ipv4/ip_forward)"
    $SUDO iptables -t nat -S POSTROUTING | grep -- "$TAG" || msg "no NAT rule"
    $SUDO iptables -S FORWARD | grep -- "$TAG" || msg "no FORWARD rules"
}

case "$ACTION" in
    up) bring_up ;;
    down) bring_down ;;
    status) show_status ;;
    *) echo "usage: $0 {up|down|status} [usb-iface] [uplink-iface]" >&2; exit 2 ;;
esac
