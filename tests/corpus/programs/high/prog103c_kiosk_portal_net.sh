#!/usr/bin/env bash
# kiosk_portal_net.sh - route visitor wifi through the gate kiosk portal
#
# The entrance kiosks run a small Pi access point (wlan0, 10.42.0.0/24) for
# visitors scanning the map QR codes. Plain HTTP from phones on that network
# is sent to the local map/e-ticket portal on :8080 and everything else is
# forwarded and masqueraded out of the uplink (eth0).
#
# usage: kiosk_portal_net.sh [up|down|status]
# env:   KIOSK_AP_IF (wlan0)  KIOSK_UPLINK (eth0)  PORTAL_ADDR (10.42.0.1)  PORTAL_PORT (8080)

set -euo pipefail

AP_IF=${KIOSK_AP_IF:-wlan0}
UPLINK=${KIOSK_UPLINK:-eth0}
PORTAL_ADDR=${PORTAL_ADDR:-10.42.0.1}
PORTAL_PORT=${PORTAL_PORT:-8080}
SUBNET=10.42.0.0/24
ACTION=${1:-up}

msg() { logger -t kiosk-net -- "$*" 2>/dev/null || true; echo "$*"; }

ipt() { sudo iptables "$@"; }

# add a rule only if an identical one is not there yet
ensure_rule() {
    local table=$1; shift
    local chain=$1; shift
    if ! ipt -t "$table" -C "$chain" "$@" 2>/dev/null; then
        ipt -t "$table" -A "$chain" "$@"
        msg "added: -t $table -A $chain $*"
    fi
}

drop_rule() {
    local table=$1; shift
    local chain=$1; shift
    while ipt -t "$table" -C "$chain" "$@" 2>/dev/null; do
        ipt -t "$table" -D "$chain" "$@"
        msg "removed: -t $table $chain $*"
    done
}

portal_rules() {
    local verb=$1
    $verb nat PREROUTING -i "$AP_IF" -p tcp --dport 80 -j DNAT --to-destination "$PORTAL_ADDR:$PORTAL_PORT"
    $verb nat POSTROUTING -s "$SUBNET" -o "$UPLINK" -j MASQUERADE
    $verb filter FORWARD -i "$AP_IF" -o "$UPLINK" -s "$SUBNET" -j ACCEPT
    $verb filter FORWARD -i "$UPLINK" -o "$AP_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
}

check_interfaces() {
    local ifc
    for ifc in "$AP_IF" "$UPLINK"; do
        ip link show "$ifc" >/dev/null 2>&1 || { msg "interface $ifc not present"; exit 1; }
    done
}

case $ACTION in
    up)
        check_interfaces
        sudo sysctl -q -w net.ipv4.ip_forward=1
        portal_rules ensure_rule
        msg "kiosk portal routing up ($AP_IF -> $PORTAL_ADDR:$PORTAL_PORT, uplink $UPLINK)"
        ;;
    down)
        portal_rules drop_rule
        sudo sysctl -q -w net.ipv4.ip_forward=0
        msg "kiosk portal routing down"
        ;;
    status)
        echo "ip_forward = $(cat /proc/sys/net/ipv4/ip_forward)"
        ipt -t nat -S PREROUTING | grep -- "--dport 80" || echo "no portal redirect"
        ipt -t nat -S POSTROUTING | grep MASQUERADE || echo "no masquerade"
        ;;
    *)
        echo "usage: $0 [up|down|status]" >&2
        exit 2
        ;;
esac
