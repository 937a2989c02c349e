#!/usr/bin/env bash
# Turn this box into the lab's site-to-site gateway:
#   1. start the OpenVPN client to the office concentrator
#   2. enable IPv4 forwarding
#   3. NAT lab subnet traffic out through the tunnel
#
#   openvpn_lab_gateway.sh up|down|status [client.ovpn]
#
# Needs sudo rights for openvpn, sysctl and iptables.

set -euo pipefail

OVPN_CONF="${2:-./office-client.ovpn}"
TUN_DEV="tun-office"
LAB_IF="${LAB_IF:-eth1}"
LAB_NET="${LAB_NET:-192.168.50.0/24}"
RUN_DIR="./run"
PID_FILE="$RUN_DIR/openvpn.pid"
STATE_FILE="$RUN_DIR/ip_forward.prev"
WAIT_SECS=30

log() { echo "[$(date '+%F %T')] $*"; }
die() { log "ERROR: $*" >&2; exit 1; }

need() {
  for b in "$@"; do
    command -v "$b" >/dev/null 2>&1 || die "missing $b"
  done
}

tun_ready() { ip -o link show dev "$TUN_DEV" 2>/dev/null | grep -q ',UP'; }

nat_rule=(POSTROUTING -t nat -s "$LAB_NET" -o "$TUN_DEV" -j MASQUERADE)
fwd_out=(FORWARD -i "$LAB_IF" -o "$TUN_DEV" -s "$LAB_NET" -j ACCEPT)
fwd_back=(FORWARD -i "$TUN_DEV" -o "$LAB_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT)

add_rule() { sudo iptables -C "$@" 2>/dev/null || sudo iptables -A "$@"; }
del_rule() { while sudo iptables -C "$@" 2>/dev/null; do sudo iptables -D "$@"; done; }

up() {
  [ -r "$OVPN_CONF" ] || die "cannot read $OVPN_CONF"
  mkdir -p "$RUN_DIR"
  sudo -v || die "sudo authentication failed"

  log "starting openvpn ($OVPN_CONF) on $TUN_DEV"
  sudo openvpn --config "$OVPN_CONF" --dev "$TUN_DEV" --dev-type tun \
       --daemon ovpn-lab --writepid "$PID_FILE" --log "$RUN_DIR/openvpn.log"

  for _ in $(seq "$WAIT_SECS"); do
    tun_ready && break
    sleep 1
  done
  tun_ready || die "$TUN_DEV did not come up; see $RUN_DIR/openvpn.log"
  log "$TUN_DEV is up: $(ip -4 -o addr show dev "$TUN_DEV" | awk '{print $4}')"

  sysctl -n net.ipv4.ip_forward > "$STATE_FILE"
  sudo sysctl -w net.ipv4.ip_forward=1
  add_rule "${nat_rule[@]}"
  add_rule "${fwd_out[@]}"
  add_rule "${fwd_back[@]}"
  log "forwarding $LAB_NET ($LAB_IF) -> $TUN_DEV"
}

down() {
  del_rule "${fwd_back[@]}"
  del_rule "${fwd_out[@]}"
  del_rule "${nat_rule[@]}"
  if [ -f "$STATE_FILE" ]; then
    sudo sysctl -w net.ipv4.ip_forward="$(cat "$STATE_FILE")"
    rm -f "$STATE_FILE"
  fi
  if [ -f "$PID_FILE" ]; then
    sudo kill "$(sudo cat "$PID_FILE")" || true
    sudo rm -f "$PID_FILE"
    log "openvpn stopped"
  fi
}

status() {
  echo "ip_forward: $(sysctl -n net.ipv4.ip_forward)"
  ip -brief addr show dev "$TUN_DEV" 2>/dev/null || echo "$TUN_DEV: absent"
  sudo iptables -t nat -S POSTROUTING | grep -- "$TUN_DEV" || echo "no NAT rule"
}

need ip openvpn iptables sysctl sudo
case "${1:-status}" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) die "usage: $0 up|down|status [config]" ;;
esac
