#!/usr/bin/env bash
# rehearsal_wifi_ap_setup.sh - turn the room Pi into a Wi-Fi access point for
# the digital mixer apps (X32-Mix, M-Air, Mixing Station) so bands can run
# monitor mixes from their phones without joining the venue network.
#
# Usage: rehearsal_wifi_ap_setup.sh -r ROOM [-i wlan0] [-c CHANNEL] [-p PASSFILE]
set -euo pipefail

IFACE="wlan0"
CHANNEL="36"
ROOM=""
PASSFILE="./ap_passphrase"
SUBNET="10.42.0"
COUNTRY="GB"

usage() { sed -n '2,6p' "$0" | sed 's/^# //'; exit "${1:-0}"; }

while getopts ":r:i:c:p:h" o; do
  case "$o" in
    r) ROOM="$OPTARG" ;;
    i) IFACE="$OPTARG" ;;
    c) CHANNEL="$OPTARG" ;;
    p) PASSFILE="$OPTARG" ;;
    h) usage 0 ;;
    *) usage 1 ;;
  esac
done
[[ -n "$ROOM" ]] || usage 1

if [[ $(id -u) -eq 0 ]]; then
  AS_ROOT=()
elif command -v sudo >/dev/null; then
  AS_ROOT=(sudo)
elif command -v doas >/dev/null; then
  AS_ROOT=(doas)
else
  echo "need root, sudo or doas" >&2; exit 1
fi

log() { echo "[$(date +%T)] $*"; }

ensure_packages() {
  local missing=()
  for p in hostapd dnsmasq; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if ((${#missing[@]})); then
    log "installing ${missing[*]}"
    "${AS_ROOT[@]}" apt-get install -y "${missing[@]}"
  fi
}

passphrase() {
  if [[ ! -s "$PASSFILE" ]]; then
    umask 077
    head -c 18 /dev/urandom | base64 | tr -d '/+=' | cut -c1-16 >"$PASSFILE"
    log "new passphrase written to $PASSFILE"
  fi
  cat "$PASSFILE"
}

render_hostapd() {
  local ssid="Mixer-${ROOM}" psk="$1"
  cat <<EOF
country_code=${COUNTRY}
interface=${IFACE}
ssid=${ssid}
hw_mode=a
channel=${CHANNEL}
ieee80211n=1
ieee80211ac=1
wmm_enabled=1
auth_algs=1
wpa=2
wpa_key_mgmt=WPA-PSK
rsn_pairwise=CCMP
wpa_passphrase=${psk}
EOF
}

render_dnsmasq() {
  cat <<EOF
interface=${IFACE}
bind-interfaces
dhcp-range=${SUBNET}.20,${SUBNET}.120,255.255.255.0,12h
address=/mixer.local/${SUBNET}.2
EOF
}

install_file() {
  local dest="$1" mode="$2"
  "${AS_ROOT[@]}" install -d -m 0755 "$(dirname "$dest")"
  "${AS_ROOT[@]}" tee "$dest" >/dev/null
  "${AS_ROOT[@]}" chmod "$mode" "$dest"
  log "wrote $dest"
}

configure_interface() {
  "${AS_ROOT[@]}" ip link set "$IFACE" down || true
  "${AS_ROOT[@]}" ip addr flush dev "$IFACE"
  "${AS_ROOT[@]}" ip addr add "${SUBNET}.1/24" dev "$IFACE"
  "${AS_ROOT[@]}" ip link set "$IFACE" up
}

main() {
  ensure_packages
  local psk
  psk="$(passphrase)"
  render_hostapd "$psk" | install_file /etc/hostapd/hostapd.conf 0600
  render_dnsmasq | install_file "/etc/dnsmasq.d/mixer-${ROOM}.conf" 0644
  echo "DAEMON_CONF=\"/etc/hostapd/hostapd.conf\"" | install_file /etc/default/hostapd 0644
  configure_interface
  "${AS_ROOT[@]}" systemctl unmask hostapd
  "${AS_ROOT[@]}" systemctl enable --now hostapd dnsmasq
  "${AS_ROOT[@]}" systemctl restart dnsmasq
  log "access point Mixer-${ROOM} up on ${IFACE} channel ${CHANNEL}"
}

main
