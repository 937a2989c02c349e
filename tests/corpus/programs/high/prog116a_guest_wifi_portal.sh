#!/usr/bin/env bash
# guest-wifi.sh - waiting-area Wi-Fi for the barbershop.
#
# The back-office mini PC shares its uplink to a cheap access point on a
# second NIC.  Guests waiting for a chair get sent to the shop's splash page
# (Instagram handle, loyalty sign-up) on first HTTP request, then browse
# normally.  Run at boot from the shop's startup script, or by hand.
#
# usage: guest-wifi.sh up|down|status
set -euo pipefail

GUEST_IF="${GUEST_IF:-enp2s0}"
UPLINK_IF="${UPLINK_IF:-wlp3s0}"
GUEST_NET="${GUEST_NET:-10.42.0.0/24}"
PORTAL_PORT="${PORTAL_PORT:-8088}"
CHAIN="SALON_GUEST"
STATE_DIR="./guest-wifi-state"

msg() { echo "[guest-wifi] $*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

ipt() { as_root iptables "$@"; }

rule() {
  # add a rule only once: rule <table> <chain> <spec...>
  local table="$1" chain="$2"; shift 2
  ipt -t "$table" -C "$chain" "$@" 2>/dev/null || ipt -t "$table" -A "$chain" "$@"
}

forwarding_on() {
  mkdir -p "$STATE_DIR"
  sysctl -n net.ipv4.ip_forward > "$STATE_DIR/ip_forward.before"
  as_root sysctl -q -w net.ipv4.ip_forward=1
}

forwarding_restore() {
  local before=0
  [ -f "$STATE_DIR/ip_forward.before" ] && before="$(cat "$STATE_DIR/ip_forward.before")"
  as_root sysctl -q -w net.ipv4.ip_forward="$before"
}

up() {
  msg "guest network $GUEST_NET on $GUEST_IF via $UPLINK_IF"
  forwarding_on
  ipt -t nat -N "$CHAIN" 2>/dev/null || true
  rule nat PREROUTING -i "$GUEST_IF" -j "$CHAIN"
  # first-visit HTTP goes to the splash page; approved MACs are RETURNed above it
  rule nat "$CHAIN" -p tcp --dport 80 -j REDIRECT --to-ports "$PORTAL_PORT"
  rule nat POSTROUTING -s "$GUEST_NET" -o "$UPLINK_IF" -j MASQUERADE
  rule filter FORWARD -i "$GUEST_IF" -o "$UPLINK_IF" -s "$GUEST_NET" -j ACCEPT
  rule filter FORWARD -i "$UPLINK_IF" -o "$GUEST_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
  # keep guests off the till and the office printer
  rule filter FORWARD -i "$GUEST_IF" -d 192.168.1.0/24 -j REJECT
  msg "up - splash page expected on port $PORTAL_PORT"
}

approve() {
  local mac="$1"
  ipt -t nat -I "$CHAIN" 1 -m mac --mac-source "$mac" -j RETURN
  msg "approved $mac"
}

down() {
  ipt -t nat -D PREROUTING -i "$GUEST_IF" -j "$CHAIN" 2>/dev/null || true
  ipt -t nat -F "$CHAIN" 2>/dev/null || true
  ipt -t nat -X "$CHAIN" 2>/dev/null || true
  ipt -t nat -D POSTROUTING -s "$GUEST_NET" -o "$UPLINK_IF" -j MASQUERADE 2>/dev/null || true
  ipt -D FORWARD -i "$GUEST_IF" -o "$UPLINK_IF" -s "$GUEST_NET" -j ACCEPT 2>/dev/null || true
  ipt -D FORWARD -i "$UPLINK_IF" -o "$GUEST_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT 2>/dev/null || true
  ipt -D FORWARD -i "$GUEST_IF" -d 192.168.1.0/24 -j REJECT 2>/dev/null || true
  forwarding_restore
  msg "down"
}

status() {
  msg "ip_forward=$(sysctl -n net.ipv4.ip_forward)"
  ipt -t nat -S "$CHAIN" 2>/dev/null || msg "guest chain not present"
}

case "${1:-}" in
  up)      up ;;
  down)    down ;;
  status)  status ;;
  approve) approve "${2:?mac address required}" ;;
  *)       echo "usage: $0 up|down|status|approve MAC" >&2; exit 2 ;;
esac
