#!/usr/bin/env bash
# Bring up the overhead-line sensor VLAN on the depot gateway box.
# The OCS tension/temperature controllers sit on VLAN 214 and speak CoAP
# (UDP 5683) to the collector.  This script creates the VLAN interface,
# allows the CoAP traffic in, and sets the kernel knobs the vendor asks for.
set -euo pipefail

PARENT_IF="${PARENT_IF:-eth1}"
VLAN_ID="${VLAN_ID:-214}"
VLAN_ADDR="${VLAN_ADDR:-198.51.100.1/24}"
SENSOR_NET="${SENSOR_NET:-198.51.100.0/24}"
COAP_PORT="${COAP_PORT:-5683}"
# elevation helper: sudo by default, doas on the BSD-flavoured boxes
ELEVATE="${ELEVATE:-$(command -v sudo || command -v doas || echo sudo)}"

VLAN_IF="${PARENT_IF}.${VLAN_ID}"

msg() { echo ">> $*"; }

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    "$ELEVATE" "$@"
  fi
}

create_vlan() {
  if ip link show "$VLAN_IF" >/dev/null 2>&1; then
    msg "$VLAN_IF already exists"
  else
    as_root ip link add link "$PARENT_IF" name "$VLAN_IF" type vlan id "$VLAN_ID"
    msg "created $VLAN_IF"
  fi
  as_root ip addr replace "$VLAN_ADDR" dev "$VLAN_IF"
  as_root ip link set "$VLAN_IF" up
}

allow_coap() {
  local rule=(-s "$SENSOR_NET" -i "$VLAN_IF" -p udp --dport "$COAP_PORT" -j ACCEPT)
  if as_root iptables -C INPUT "${rule[@]}" 2>/dev/null; then
    msg "CoAP rule present"
  else
    as_root iptables -I INPUT 1 "${rule[@]}"
    msg "CoAP allowed from $SENSOR_NET"
  fi
}

kernel_knobs() {
  # controllers answer from a secondary address; loose reverse-path filter
  local knobs=(
    "net.ipv4.conf.${VLAN_IF//./\/}.rp_filter=2"
    "net.core.rmem_max=4194304"
  )
  local k
  for k in "${knobs[@]}"; do
    as_root sysctl -w "$k" >/dev/null
    msg "set $k"
  done
  printf '%s\n' "${knobs[@]}" | as_root tee /etc/sysctl.d/60-ocs-sensors.conf >/dev/null
}

status() {
  ip -br addr show "$VLAN_IF" || true
  as_root iptables -S INPUT | grep -- "--dport $COAP_PORT" || true
}

case "${1:-up}" in
  up)
    create_vlan
    allow_coap
    kernel_knobs
    status
    ;;
  status)
    status
    ;;
  *)
    echo "usage: $0 [up|status]" >&2
    exit 2
    ;;
esac
