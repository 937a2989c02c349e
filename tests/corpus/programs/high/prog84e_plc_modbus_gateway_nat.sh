#!/usr/bin/env bash
# Expose the crusher / conveyor PLCs' Modbus-TCP to the SCADA VLAN.
# The PLCs sit on an isolated 10.40.x plant network behind this box;
# each line of plc_map.conf is "<listen_port> <plc_ip> [<plc_port>]".
#
# usage: plc_modbus_gateway_nat.sh up|down|status [plc_map.conf]

set -euo pipefail

ACTION="${1:-status}"
MAP_FILE="${2:-plc_map.conf}"
SCADA_IF="${SCADA_IF:-eth0}"
PLANT_IF="${PLANT_IF:-eth1}"
CHAIN="PLC_MODBUS"

log() { logger -t plc-gw "$*" 2>/dev/null || true; echo "plc-gw: $*"; }

run() {
  if [[ $EUID -ne 0 ]]; then sudo "$@"; else "$@"; fi
}

read_map() {
  [[ -r "$MAP_FILE" ]] || { log "cannot read $MAP_FILE"; exit 1; }
  grep -Ev '^\s*(#|$)' "$MAP_FILE"
}

ensure_chain() {
  run iptables -t nat -N "$CHAIN" 2>/dev/null || true
  run iptables -t nat -C PREROUTING -i "$SCADA_IF" -j "$CHAIN" 2>/dev/null \
    || run iptables -t nat -A PREROUTING -i "$SCADA_IF" -j "$CHAIN"
  run iptables -t nat -C POSTROUTING -o "$PLANT_IF" -j MASQUERADE 2>/dev/null \
    || run iptables -t nat -A POSTROUTING -o "$PLANT_IF" -j MASQUERADE
}

forwarding_on() {
  local cur
  cur=$(cat /proc/sys/net/ipv4/ip_forward)
  if [[ "$cur" != "1" ]]; then
    run sysctl -qw net.ipv4.ip_forward=1
    log "enabled IPv4 forwarding"
  fi
}

up() {
  forwarding_on
  ensure_chain
  run iptables -t nat -F "$CHAIN"
  local n=0
  while read -r lport plc_ip plc_port; do
    plc_port="${plc_port:-502}"
    run iptables -t nat -A "$CHAIN" -p tcp --dport "$lport" \
      -j DNAT --to-destination "${plc_ip}:${plc_port}"
    run iptables -C FORWARD -i "$SCADA_IF" -o "$PLANT_IF" -p tcp -d "$plc_ip" \
      --dport "$plc_port" -j ACCEPT 2>/dev/null \
      || run iptables -A FORWARD -i "$SCADA_IF" -o "$PLANT_IF" -p tcp -d "$plc_ip" \
           --dport "$plc_port" -j ACCEPT
    n=$((n + 1))
    log "port $lport -> ${plc_ip}:${plc_port}"
  done < <(read_map)
  log "$n PLC mappings active"
}

down() {
  run iptables -t nat -F "$CHAIN" 2>/dev/null || true
  run iptables -t nat -D PREROUTING -i "$SCADA_IF" -j "$CHAIN" 2>/dev/null || true
  run iptables -t nat -X "$CHAIN" 2>/dev/null || true
  log "PLC mappings removed"
}

status() {
  run iptables -t nat -L "$CHAIN" -n --line-numbers 2>/dev/null \
    || log "no $CHAIN chain"
}

case "$ACTION" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) echo "usage: $0 up|down|status [map]"; exit 2 ;;
esac
