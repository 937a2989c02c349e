#!/usr/bin/env bash
# Install the AIS USB receiver on a shore-side monitoring PC.
#
# - gives the dAISy/SRT USB receiver a stable device name
# - lets gpsd pick it up
# - opens the NMEA UDP port used by the fleet tracking screen
#
# Run as the ops user; the script asks for elevation where it needs it.

set -euo pipefail

VENDOR_ID="${AIS_VID:-16d0}"
PRODUCT_ID="${AIS_PID:-0b03}"
LINK_NAME="ais0"
NMEA_PORT="${NMEA_PORT:-10110}"
RULE_NAME="99-ctv-ais.rules"

msg() { echo "==> $*"; }

# elevation helper: prefer whatever this machine has
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        local elev
        for elev in sudo doas; do
            if command -v "$elev" >/dev/null 2>&1; then
                "$elev" "$@"
                return
            fi
        done
        echo "need root for: $*" >&2
        return 1
    fi
}

write_udev_rule() {
    local tmp dest_dir
    tmp="$(mktemp)"
    dest_dir="/$(printf '%s/' etc udev rules.d)"
    cat > "$tmp" <<EOF
# CTV fleet AIS receiver
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", SYMLINK+="${LINK_NAME}", GROUP="dialout", MODE="0660"
EOF
    as_root install -m 0644 -o root -g root "$tmp" "${dest_dir}${RULE_NAME}"
    rm -f "$tmp"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
    msg "udev rule installed as ${dest_dir}${RULE_NAME}"
}

configure_gpsd() {
    local conf=/etc/default/gpsd
    if [ -f "$conf" ]; then
        as_root sed -i "s|^DEVICES=.*|DEVICES=\"/dev/${LINK_NAME}\"|" "$conf"
        as_root systemctl restart gpsd
        msg "gpsd now reads /dev/${LINK_NAME}"
    else
        msg "gpsd not installed, skipping"
    fi
}

open_nmea_port() {
    local fw
    fw="$(command -v iptables || true)"
    if [ -z "$fw" ]; then
        msg "iptables not present, leaving firewall alone"
        return
    fi
    if ! as_root "$fw" -C INPUT -p udp --dport "$NMEA_PORT" -s 198.51.100.0/24 -j ACCEPT 2>/dev/null; then
        as_root "$fw" -I INPUT -p udp --dport "$NMEA_PORT" -s 198.51.100.0/24 -j ACCEPT
    fi
    msg "udp/${NMEA_PORT} open for the fleet VPN range"
}

check_device() {
    sleep 2
    if [ -e "/dev/${LINK_NAME}" ]; then
        msg "receiver visible as /dev/${LINK_NAME}"
    else
        msg "receiver not detected, check the USB cable"
    fi
}

main() {
    msg "installing AIS receiver support"
    write_udev_rule
    configure_gpsd
    open_nmea_port
    check_device
    msg "done"
}

main "$@"
