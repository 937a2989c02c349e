#!/bin/sh
# Bring up the in-vehicle LTE modem and share it with the rear-cab
# patient monitor network (eth1). Meant to be run by the crew account on
# ignition; elevates only for the steps that need it.

set -eu

WAN_IF="${WAN_IF:-wwan0}"
LAN_IF="${LAN_IF:-eth1}"
APN="${APN:-ems.example.net}"
MODEM_MODULE="${MODEM_MODULE:-qmi_wwan}"
LOGTAG="lte-bringup"

note() {
    logger -t "$LOGTAG" "$*" 2>/dev/null || true
    echo "[$LOGTAG] $*"
}

# pick whichever elevation helper the image ships with
elevate() {
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return $?
        fi
    done
    note "no elevation helper found"
    return 1
}

load_driver() {
    if ! lsmod | grep -q "^${MODEM_MODULE}"; then
        note "loading ${MODEM_MODULE}"
        elevate modprobe "$MODEM_MODULE"
        sleep 2
    fi
}

wait_for_iface() {
    i=0
    while [ $i -lt 20 ]; do
        [ -d "/sys/class/net/${WAN_IF}" ] && return 0
        i=$((i + 1))
        sleep 1
    done
    note "${WAN_IF} did not appear"
    return 1
}

connect_apn() {
    if command -v qmicli >/dev/null 2>&1; then
        elevate qmicli -d /dev/cdc-wdm0 --wds-start-network="apn=${APN},ip-type=4" \
            --client-no-release-cid || note "qmicli connect returned non-zero"
    fi
    elevate ip link set "$WAN_IF" up
    elevate udhcpc -q -i "$WAN_IF" 2>/dev/null || elevate dhclient "$WAN_IF"
}

share_uplink() {
    key="net.ipv4.ip_forward"
    current="$(cat /proc/sys/net/ipv4/ip_forward)"
    if [ "$current" != "1" ]; then
        elevate sysctl -w "${key}=1" >/dev/null
        note "forwarding enabled"
    fi
    # NAT the monitor subnet out through the modem, once
    if ! elevate iptables -t nat -C POSTROUTING -o "$WAN_IF" -j MASQUERADE 2>/dev/null; then
        elevate iptables -t nat -A POSTROUTING -o "$WAN_IF" -j MASQUERADE
    fi
    elevate iptables -C FORWARD -i "$LAN_IF" -o "$WAN_IF" -j ACCEPT 2>/dev/null || \
        elevate iptables -A FORWARD -i "$LAN_IF" -o "$WAN_IF" -j ACCEPT
    note "sharing ${WAN_IF} with ${LAN_IF}"
}

check_link() {
    if curl -fsS --max-time 8 -o /dev/null https://status.example.com/ping; then
        note "uplink OK"
    else
        note "uplink check failed"
    fi
}

load_driver
wait_for_iface
connect_apn
share_uplink
check_link
