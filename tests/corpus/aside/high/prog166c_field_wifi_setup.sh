#!/bin/bash
# Turn the Raspberry Pi in the field box into a Wi-Fi access point so
# pilots can see live telemetry on their phones at the flying site.

set -euo pipefail

IFACE="${AP_IFACE:-wlan0}"
SSID="${AP_SSID:-HeronField-Telemetry}"
CHANNEL="${AP_CHANNEL:-6}"
COUNTRY="${AP_COUNTRY:-GB}"
AP_ADDR="${AP_ADDR:-192.0.2.1}"
DHCP_RANGE="${AP_DHCP_RANGE:-192.0.2.50,192.0.2.150,12h}"

HOSTAPD_CONF=/etc/hostapd/hostapd.conf
DNSMASQ_CONF=/etc/dnsmasq.d/field-ap.conf
DHCPCD_CONF=/etc/dhcpcd.conf

msg() { echo "==> $*"; }

if [ -z "${AP_PASSPHRASE:-}" ]; then
    read -r -s -p "Wi-Fi passphrase (8+ chars): " AP_PASSPHRASE
    echo
fi
if [ "${#AP_PASSPHRASE}" -lt 8 ]; then
    echo "passphrase too short" >&2
    exit 1
fi

for pkg in hostapd dnsmasq; do
    if ! dpkg -s "$pkg" >/dev/null 2>&1; then
        msg "installing $pkg"
        sudo apt-get install -y "$pkg"
    fi
done

msg "writing $HOSTAPD_CONF"
sudo tee "$HOSTAPD_CONF" >/dev/null <<EOF
interface=${IFACE}
driver=nl80211
ssid=${SSID}
country_code=${COUNTRY}
hw_mode=g
channel=${CHANNEL}
wmm_enabled=1
auth_algs=1
wpa=2
wpa_key_mgmt=WPA-PSK
rsn_pairwise=CCMP
wpa_passphrase=${AP_PASSPHRASE}
EOF
sudo chmod 600 "$HOSTAPD_CONF"

msg "writing $DNSMASQ_CONF"
sudo tee "$DNSMASQ_CONF" >/dev/null <<EOF
interface=${IFACE}
dhcp-range=${DHCP_RANGE}
address=/telemetry.field/${AP_ADDR}
EOF

if ! grep -q "^interface ${IFACE}" "$DHCPCD_CONF"; then
    msg "adding static address to $DHCPCD_CONF"
    printf '\ninterface %s\n    static ip_address=%s/24\n    nohook wpa_supplicant\n' \
        "$IFACE" "$AP_ADDR" | sudo tee -a "$DHCPCD_CONF" >/dev/null
fi

if grep -q '^#\?DAEMON_CONF' /etc/default/hostapd 2>/dev/null; then
    sudo sed -i "s|^#\?DAEMON_CONF=.*|DAEMON_CONF=\"${HOSTAPD_CONF}\"|" /etc/default/hostapd
fi

msg "restarting services"
sudo systemctl unmask hostapd
sudo systemctl restart dhcpcd
sudo systemctl restart dnsmasq
sudo systemctl restart hostapd

sleep 2
if systemctl is-active --quiet hostapd; then
    msg "access point '${SSID}' is up on ${IFACE} (${AP_ADDR})"
else
    echo "hostapd failed to start; check: journalctl -u hostapd" >&2
    exit 1
fi
