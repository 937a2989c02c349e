#!/usr/bin/env bash
# dock_wifi_setup.sh - turns the boathouse mini PC into a guest Wi-Fi
# access point for customers waiting for the 10:00 tour.
# wlan0 = guest AP, eth0 = uplink to the harbour office router.
set -euo pipefail

AP_IF="${AP_IF:-wlan0}"
UP_IF="${UP_IF:-eth0}"
AP_NET="192.168.77"
SSID="${GUEST_SSID:-HarbourPoint-Guests}"
PASSPHRASE="${GUEST_PSK:-}"

log() { printf '%s dock-wifi: %s\n' "$(date +%T)" "$*"; }

ELEV=(sudo -n)
as_root() { "${ELEV[@]}" "$@"; }

_etc() { printf '/%s/%s' "etc" "$1"; }

write_root_file() {
    local dest="$1"
    as_root tee "${dest}" >/dev/null
    as_root chmod 0644 "${dest}"
    log "wrote ${dest}"
}

configure_hostapd() {
    [[ -n "${PASSPHRASE}" ]] || { log "GUEST_PSK not set"; exit 1; }
    write_root_file "$(_etc hostapd/hostapd.conf)" <<EOF
interface=${AP_IF}
driver=nl80211
ssid=${SSID}
hw_mode=g
channel=6
wpa=2
wpa_key_mgmt=WPA-PSK
rsn_pairwise=CCMP
wpa_passphrase=${PASSPHRASE}
EOF
}

configure_dnsmasq() {
    write_root_file "$(_etc dnsmasq.d/guest-ap.conf)" <<EOF
interface=${AP_IF}
dhcp-range=${AP_NET}.50,${AP_NET}.150,255.255.255.0,4h
dhcp-option=option:router,${AP_NET}.1
EOF
}

enable_forwarding() {
    local knob="net.ipv4.ip_forward"
    as_root sysctl -w "${knob}=1"
    printf '%s = 1\n' "${knob}" | write_root_file "$(_etc sysctl.d/60-guest-ap.conf)"
}

nat_rules() {
    local ipt=(as_root ipt"ables")
    "${ipt[@]}" -t nat -C POSTROUTING -o "${UP_IF}" -j MASQUERADE 2>/dev/null \
        || "${ipt[@]}" -t nat -A POSTROUTING -o "${UP_IF}" -j MASQUERADE
    "${ipt[@]}" -C FORWARD -i "${AP_IF}" -o "${UP_IF}" -j ACCEPT 2>/dev/null \
        || "${ipt[@]}" -A FORWARD -i "${AP_IF}" -o "${UP_IF}" -j ACCEPT
    "${ipt[@]}" -C FORWARD -i "${UP_IF}" -o "${AP_IF}" -m state --state RELATED,ESTABLISHED -j ACCEPT 2>/dev/null \
        || "${ipt[@]}" -A FORWARD -i "${UP_IF}" -o "${AP_IF}" -m state --state RELATED,ESTABLISHED -j ACCEPT
    # keep guests away from the office LAN
    "${ipt[@]}" -C FORWARD -i "${AP_IF}" -d 192.168.1.0/24 -j DROP 2>/dev/null \
        || "${ipt[@]}" -I FORWARD 1 -i "${AP_IF}" -d 192.168.1.0/24 -j DROP
    log "NAT rules in place"
}

bring_up() {
    as_root ip addr replace "${AP_NET}.1/24" dev "${AP_IF}"
    as_root ip link set "${AP_IF}" up
    local svc
    for svc in hostapd dnsmasq; do
        as_root systemctl restart "${svc}"
        log "restarted ${svc}"
    done
}

declare -A ACTIONS=(
    [hostapd]=configure_hostapd
    [dnsmasq]=configure_dnsmasq
    [forward]=enable_forwarding
    [nat]=nat_rules
    [up]=bring_up
)

steps=("$@")
[[ ${#steps[@]} -gt 0 ]] || steps=(hostapd dnsmasq forward nat up)
for s in "${steps[@]}"; do
    fn="${ACTIONS[${s}]:-}"
    [[ -n "${fn}" ]] || { log "unknown step ${s}"; exit 64; }
    "${fn}"
done
log "guest Wi-Fi ready on ${AP_IF} (${SSID})"
