#!/bin/sh
# van_hotspot_forward.sh - route the portable x-ray generator's tablet through the van's LTE.
#
# In the van the laptop is the gateway: the x-ray tablet sits on the laptop's
# USB Ethernet (eth1, 10.42.0.0/24) and the laptop's LTE modem (wwan0) is the
# uplink.  This turns on forwarding, NATs the tablet out through LTE, and
# forwards the office's DICOM query port to the tablet so the practice can pull
# studies while the van is parked at a yard.
#
#   van_hotspot_forward.sh up|down|status

set -eu

LAN_IF="${LAN_IF:-eth1}"
WAN_IF="${WAN_IF:-wwan0}"
LAN_NET="${LAN_NET:-10.42.0.0/24}"
TABLET_IP="${TABLET_IP:-10.42.0.20}"
DICOM_PORT="${DICOM_PORT:-11112}"
CHAIN="VANFWD"
STATE_FILE="./.van_forward_state"

log() { printf '%s van-forward: %s\n' "$(date +%T)" "$*"; }

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

ipt() { $SUDO iptables "$@"; }

up() {
  ip link show "$LAN_IF" >/dev/null 2>&1 || { log "no $LAN_IF, is the tablet cable in?"; exit 1; }
  ip link show "$WAN_IF" >/dev/null 2>&1 || { log "no $WAN_IF, is the LTE modem up?"; exit 1; }

  $SUDO sysctl -q -w net.ipv4.ip_forward=1
  cat /proc/sys/net/ipv4/ip_forward > "$STATE_FILE"

  ipt -N "$CHAIN" 2>/dev/null || ipt -F "$CHAIN"
  ipt -A "$CHAIN" -i "$LAN_IF" -o "$WAN_IF" -s "$LAN_NET" -j ACCEPT
  ipt -A "$CHAIN" -i "$WAN_IF" -o "$LAN_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
  ipt -A "$CHAIN" -i "$WAN_IF" -o "$LAN_IF" -p tcp -d "$TABLET_IP" --dport "$DICOM_PORT" -j ACCEPT
  ipt -C FORWARD -j "$CHAIN" 2>/dev/null || ipt -I FORWARD 1 -j "$CHAIN"

  ipt -t nat -C POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE 2>/dev/null \
    || ipt -t nat -A POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE
  ipt -t nat -C PREROUTING -i "$WAN_IF" -p tcp --dport "$DICOM_PORT" -j DNAT --to-destination "$TABLET_IP:$DICOM_PORT" 2>/dev/null \
    || ipt -t nat -A PREROUTING -i "$WAN_IF" -p tcp --dport "$DICOM_PORT" -j DNAT --to-destination "$TABLET_IP:$DICOM_PORT"
  log "forwarding $LAN_NET via $WAN_IF, DICOM :$DICOM_PORT -> $TABLET_IP"
}

down() {
  ipt -t nat -D PREROUTING -i "$WAN_IF" -p tcp --dport "$DICOM_PORT" -j DNAT --to-destination "$TABLET_IP:$DICOM_PORT" 2>/dev/null || true
  ipt -t nat -D POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE 2>/dev/null || true
  ipt -D FORWARD -j "$CHAIN" 2>/dev/null || true
  ipt -F "$CHAIN" 2>/dev/null || true
  ipt -X "$CHAIN" 2>/dev/null || true
  $SUDO sysctl -q -w net.ipv4.ip_forward=0
  rm -f "$STATE_FILE"
  log "forwarding removed"
}

status() {
  printf 'ip_forward=%s\n' "$(cat /proc/sys/net/ipv4/ip_forward)"
  ipt -S "$CHAIN" 2>/dev/null || echo "chain $CHAIN not present"
  ipt -t nat -S PREROUTING | grep -- "--dport $DICOM_PORT" || true
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) sed -n '2,11p' "$0"; exit 2 ;;
esac
