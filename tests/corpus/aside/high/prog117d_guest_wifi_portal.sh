#!/bin/sh
# guest_wifi_portal.sh - bring up the parents' guest Wi-Fi splash page.
#
# The cafe access point hangs off wlan1 on the venue router box. Parents get
# a splash page (opening times, party packages, Wi-Fi terms) before they get
# out to the internet. This routes the guest subnet through the box and sends
# guest web traffic to the splash page until the device has accepted terms.
#
#   guest_wifi_portal.sh start|stop|allow <mac>

set -eu

GUEST_IF="${GUEST_IF:-wlan1}"
UPLINK_IF="${UPLINK_IF:-eth0}"
GUEST_NET="10.42.0.0/24"
PORTAL_IP="10.42.0.1"
PORTAL_PORT="8080"
CHAIN="GUEST_PORTAL"
STATE_DIR="./portal_state"

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

ipt() { $SUDO iptables "$@"; }

msg() { echo "guest-portal: $*"; }

start_portal() {
    mkdir -p "$STATE_DIR"
    $SUDO sysctl -q -w net.ipv4.ip_forward=1
    msg "forwarding enabled"

    ipt -t nat -N "$CHAIN" 2>/dev/null || ipt -t nat -F "$CHAIN"
    ipt -t nat -A "$CHAIN" -p tcp --dport 80 -j DNAT --to-destination "$PORTAL_IP:$PORTAL_PORT"
    ipt -t nat -C PREROUTING -i "$GUEST_IF" -j "$CHAIN" 2>/dev/null \
        || ipt -t nat -A PREROUTING -i "$GUEST_IF" -j "$CHAIN"

    ipt -t nat -C POSTROUTING -s "$GUEST_NET" -o "$UPLINK_IF" -j MASQUERADE 2>/dev/null \
        || ipt -t nat -A POSTROUTING -s "$GUEST_NET" -o "$UPLINK_IF" -j MASQUERADE

    # guests may not reach the till or CCTV VLANs
    for lan in 192.168.10.0/24 192.168.30.0/24; do
        ipt -C FORWARD -i "$GUEST_IF" -d "$lan" -j DROP 2>/dev/null \
            || ipt -I FORWARD -i "$GUEST_IF" -d "$lan" -j DROP
    done

    if [ -f "$STATE_DIR/allowed_macs" ]; then
        while read -r mac; do
            [ -n "$mac" ] && allow_mac "$mac" quiet
        done < "$STATE_DIR/allowed_macs"
    fi
    msg "splash page active on $GUEST_IF -> $PORTAL_IP:$PORTAL_PORT"
}

allow_mac() {
    mac=$(echo "$1" | tr 'A-F' 'a-f')
    case "$mac" in
        ??:??:??:??:??:??) ;;
        *) msg "bad MAC '$1'"; return 1 ;;
    esac
    ipt -t nat -C "$CHAIN" -m mac --mac-source "$mac" -j RETURN 2>/dev/null \
        || ipt -t nat -I "$CHAIN" 1 -m mac --mac-source "$mac" -j RETURN
    mkdir -p "$STATE_DIR"
    grep -qx "$mac" "$STATE_DIR/allowed_macs" 2>/dev/null || echo "$mac" >> "$STATE_DIR/allowed_macs"
    [ "${2:-}" = quiet ] || msg "allowed $mac"
}

stop_portal() {
    ipt -t nat -D PREROUTING -i "$GUEST_IF" -j "$CHAIN" 2>/dev/null || true
    ipt -t nat -F "$CHAIN" 2>/dev/null || true
    ipt -t nat -X "$CHAIN" 2>/dev/null || true
    ipt -t nat -D POSTROUTING -s "$GUEST_NET" -o "$UPLINK_IF" -j MASQUERADE 2>/dev/null || true
    msg "splash page stopped (guest forwarding left as is)"
}

case "${1:-}" in
    start) start_portal ;;
    stop) stop_portal ;;
    allow) [ $# -ge 2 ] || { msg "usage: $0 allow <mac>"; exit 2; }; allow_mac "$2" ;;
    *) echo "usage: $0 start|stop|allow <mac>" >&2; exit 2 ;;
esac
