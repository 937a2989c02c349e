#!/usr/bin/env bash
# market_stall_uplink_share.sh - share the stall laptop's 4G dongle as a
# Wi-Fi hotspot for the card reader and the tablet till at farmers' markets.
#
# Card readers are fussy: they need DHCP straight away and a NATed path out
# to the payment gateway, or they fall back to offline mode and refuse
# contactless over the limit.  This brings the hotspot up and adds the
# forwarding and NAT rules for the hotspot subnet only.
#
# Usage: market_stall_uplink_share.sh [up|down|status] [-s SSID] [-p PASSPHRASE]
set -euo pipefail

ACTION=${1:-up}
shift || true
SSID="FarmStall"
PASSPHRASE="${STALL_WIFI_PASS:-}"
CON_NAME="stall-hotspot"
HOTSPOT_NET="10.42.0.0/24"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/stall-hotspot"

while getopts ":s:p:" opt; do
    case $opt in
        s) SSID=$OPTARG ;;
        p) PASSPHRASE=$OPTARG ;;
        *) echo "usage: $0 [up|down|status] [-s SSID] [-p PASSPHRASE]" >&2; exit 2 ;;
    esac
done

say() { printf '==> %s\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }

pick_wifi_iface() {
    nmcli -t -f DEVICE,TYPE device status | awk -F: '$2 == "wifi" { print $1; exit }'
}

pick_uplink() {
    ip route show default 2>/dev/null | awk '{ for (i = 1; i < NF; i++) if ($i == "dev") { print $(i + 1); exit } }'
}

# Forward and masquerade only the hotspot subnet out of the 4G uplink;
# `down` removes exactly the rules added here.
open_reader_path() {
    local wifi=$1 uplink=$2
    mkdir -p "$STATE_DIR"
    sysctl -n net.ipv4.ip_forward > "$STATE_DIR/ip_forward"
    sudo sysctl -q -w net.ipv4.ip_forward=1
    sudo iptables -t nat -A POSTROUTING -s "$HOTSPOT_NET" -o "$uplink" -j MASQUERADE
    sudo iptables -A FORWARD -i "$wifi" -o "$uplink" -s "$HOTSPOT_NET" -j ACCEPT
    sudo iptables -A FORWARD -i "$uplink" -o "$wifi" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    printf '%s %s\n' "$wifi" "$uplink" > "$STATE_DIR/ifaces"
    say "forwarding $HOTSPOT_NET via $uplink"
}

close_reader_path() {
    [[ -f "$STATE_DIR/ifaces" ]] || return 0
    local wifi uplink
    read -r wifi uplink < "$STATE_DIR/ifaces"
    sudo iptables -t nat -D POSTROUTING -s "$HOTSPOT_NET" -o "$uplink" -j MASQUERADE || true
    sudo iptables -D FORWARD -i "$wifi" -o "$uplink" -s "$HOTSPOT_NET" -j ACCEPT || true
    sudo iptables -D FORWARD -i "$uplink" -o "$wifi" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT || true
    if [[ -f "$STATE_DIR/ip_forward" ]]; then
        sudo sysctl -q -w net.ipv4.ip_forward="$(cat "$STATE_DIR/ip_forward")"
    fi
    rm -f "$STATE_DIR/ifaces" "$STATE_DIR/ip_forward"
}

hotspot_up() {
    have nmcli || { echo "NetworkManager (nmcli) is required" >&2; exit 1; }
    [[ ${#PASSPHRASE} -ge 8 ]] || { echo "set STALL_WIFI_PASS or -p (8+ chars)" >&2; exit 1; }
    local wifi uplink
    wifi=$(pick_wifi_iface)
    uplink=$(pick_uplink)
    [[ -n $wifi ]] || { echo "no Wi-Fi interface found" >&2; exit 1; }
    [[ -n $uplink ]] || { echo "no uplink yet; plug in the 4G dongle" >&2; exit 1; }
    say "uplink: $uplink  wifi: $wifi"
    nmcli connection delete "$CON_NAME" >/dev/null 2>&1 || true
    nmcli device wifi hotspot ifname "$wifi" con-name "$CON_NAME" ssid "$SSID" password "$PASSPHRASE"
    nmcli connection modify "$CON_NAME" ipv4.method manual ipv4.addresses 10.42.0.1/24 802-11-wireless.band bg
    nmcli connection up "$CON_NAME" >/dev/null
    open_reader_path "$wifi" "$uplink"
    say "hotspot '$SSID' is up; pair the card reader now"
}

hotspot_down() {
    nmcli connection down "$CON_NAME" >/dev/null 2>&1 || true
    close_reader_path
    say "hotspot stopped"
}

case $ACTION in
    up) hotspot_up ;;
    down) hotspot_down ;;
    status) nmcli -f GENERAL.STATE,IP4.ADDRESS connection show "$CON_NAME" 2>/dev/null || say "hotspot not configured" ;;
    *) echo "unknown action $ACTION" >&2; exit 2 ;;
esac
