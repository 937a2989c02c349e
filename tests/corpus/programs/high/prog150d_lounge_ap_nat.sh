#!/bin/sh
# lounge_ap_nat.sh - bring up NAT for the pilot lounge access point.
#
# The lounge AP hangs off wlan0; the FBO uplink is eth0. Guests get
# 10.77.0.0/24 and are NATed out. Office VLAN (10.10.0.0/16) stays off limits.
#
#   ./lounge_ap_nat.sh up     apply rules
#   ./lounge_ap_nat.sh down   remove the lounge rules
#   ./lounge_ap_nat.sh show   list current rules

LAN_IF="${LAN_IF:-wlan0}"
WAN_IF="${WAN_IF:-eth0}"
GUEST_NET="${GUEST_NET:-10.77.0.0/24}"
OFFICE_NET="${OFFICE_NET:-10.10.0.0/16}"
CHAIN="LOUNGE_FWD"
PERSIST="${PERSIST:-yes}"

msg() { echo "lounge-nat: $*"; }

# run as root directly, otherwise go through sudo
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

IPT="as_root iptables"
KNOB="net.ipv4.ip_forward"

forwarding_on() {
    as_root sysctl -w "$KNOB=1" >/dev/null
    if [ "$PERSIST" = "yes" ]; then
        echo "$KNOB = 1" | as_root tee /etc/sysctl.d/60-lounge-ap.conf >/dev/null
        msg "forwarding persisted"
    fi
}

rules_up() {
    $IPT -N "$CHAIN" 2>/dev/null
    $IPT -F "$CHAIN"
    # guests must not reach the office network or the AP itself except DNS/DHCP
    $IPT -A "$CHAIN" -s "$GUEST_NET" -d "$OFFICE_NET" -j DROP
    $IPT -A "$CHAIN" -i "$LAN_IF" -o "$WAN_IF" -s "$GUEST_NET" -j ACCEPT
    $IPT -A "$CHAIN" -i "$WAN_IF" -o "$LAN_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
    $IPT -C FORWARD -j "$CHAIN" 2>/dev/null || $IPT -I FORWARD 1 -j "$CHAIN"
    $IPT -t nat -C POSTROUTING -s "$GUEST_NET" -o "$WAN_IF" -j MASQUERADE 2>/dev/null \
        || $IPT -t nat -A POSTROUTING -s "$GUEST_NET" -o "$WAN_IF" -j MASQUERADE
    msg "rules applied"
}

rules_down() {
    $IPT -D FORWARD -j "$CHAIN" 2>/dev/null
    $IPT -F "$CHAIN" 2>/dev/null
    $IPT -X "$CHAIN" 2>/dev/null
    $IPT -t nat -D POSTROUTING -s "$GUEST_NET" -o "$WAN_IF" -j MASQUERADE 2>/dev/null
    msg "rules removed"
}

show() {
    $IPT -L "$CHAIN" -n -v 2>/dev/null || msg "chain $CHAIN not present"
    $IPT -t nat -L POSTROUTING -n -v
    sysctl "$KNOB"
}

check_ifaces() {
    for i in "$LAN_IF" "$WAN_IF"; do
        if [ ! -d "/sys/class/net/$i" ]; then
            msg "interface $i missing"
            exit 1
        fi
    done
}

case "$1" in
    up)
        check_ifaces
        forwarding_on
        rules_up
        ;;
    down)
        rules_down
        ;;
    show)
        show
        ;;
    *)
        echo "usage: $0 up|down|show" >&2
        exit 2
        ;;
esac
