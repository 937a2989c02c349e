#!/bin/bash
# Configures the van tablet to join the shop and van hotspot networks.
# Usage: ./van_wifi_setup.sh --ssid NAME [--psk-env VAR] [--iface wlan0]

set -euo pipefail

SSID=""
PSK_ENV="PAWVAN_WIFI_PSK"
IFACE="wlan0"
COUNTRY="US"
CONF="/etc/wpa_supplicant/wpa_supplicant-${IFACE}.conf"

usage() {
    echo "usage: $0 --ssid NAME [--psk-env VAR] [--iface IFACE] [--country CC]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --ssid) SSID="$2"; shift 2 ;;
        --psk-env) PSK_ENV="$2"; shift 2 ;;
        --iface) IFACE="$2"; CONF="/etc/wpa_supplicant/wpa_supplicant-${IFACE}.conf"; shift 2 ;;
        --country) COUNTRY="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

if [ -z "$SSID" ]; then
    usage >&2
    exit 2
fi

PSK="${!PSK_ENV:-}"
if [ -z "$PSK" ]; then
    echo "set the passphrase in \$$PSK_ENV first" >&2
    exit 1
fi

info() {
    echo "==> $*"
}

backup_existing() {
    if sudo test -f "$CONF"; then
        stamp="$(date +%Y%m%d%H%M%S)"
        info "backing up $CONF"
        sudo cp -p "$CONF" "${CONF}.${stamp}.bak"
    fi
}

render_conf() {
    hashed="$(wpa_passphrase "$SSID" "$PSK" | awk -F= '/^\tpsk=/{print $2}')"
    cat <<CONF_EOF
ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev
update_config=1
country=${COUNTRY}

network={
    ssid="${SSID}"
    psk=${hashed}
    key_mgmt=WPA-PSK
    priority=10
}

network={
    ssid="PawVan-Hotspot"
    key_mgmt=WPA-PSK
    psk=${hashed}
    priority=5
}
CONF_EOF
}

install_conf() {
    info "writing $CONF"
    render_conf | sudo tee "$CONF" >/dev/null
    sudo chown root:root "$CONF"
    sudo chmod 600 "$CONF"
}

add_hosts_entry() {
    if ! grep -q "booking.pawvan.example" /etc/hosts; then
        info "adding booking server to /etc/hosts"
        echo "192.0.2.10 booking.pawvan.example" | sudo tee -a /etc/hosts >/dev/null
    fi
}

restart_network() {
    info "restarting wpa_supplicant on $IFACE"
    sudo systemctl restart "wpa_supplicant@${IFACE}.service"
    sleep 5
    if ip -4 addr show "$IFACE" | grep -q "inet "; then
        info "$IFACE is up: $(ip -4 -o addr show "$IFACE" | awk '{print $4}')"
    else
        echo "warning: $IFACE has no address yet" >&2
    fi
}

backup_existing
install_conf
add_hosts_entry
restart_network
info "done"
