#!/usr/bin/env bash
# Opens the ports the scoreboard, shot-clock and timing controllers need
# on the arena operator PC and lets it route the controller VLAN.
set -euo pipefail

CONTROLLER_NET="${CONTROLLER_NET:-192.0.2.0/24}"
UPLINK_IF="${UPLINK_IF:-eth0}"
CONTROLLER_IF="${CONTROLLER_IF:-eth1}"
CHAIN="RINK_CTRL"

declare -A SERVICES=(
  [scoreboard]="tcp:4001"
  [shotclock]="udp:5005"
  [timing]="tcp:10001"
  [modbus]="tcp:502"
)

log() { printf '[%s] %s\n' "$(date +%T)" "$*"; }

elevate() {
  if (( EUID == 0 )); then "$@"; else sudo -- "$@"; fi
}

ipt() { elevate iptables -w "$@"; }

ensure_chain() {
  ipt -N "$CHAIN" 2>/dev/null || ipt -F "$CHAIN"
  ipt -C INPUT -i "$CONTROLLER_IF" -j "$CHAIN" 2>/dev/null \
    || ipt -I INPUT 1 -i "$CONTROLLER_IF" -j "$CHAIN"
}

allow_service() {
  local name="$1" spec="$2"
  local proto="${spec%%:*}" port="${spec##*:}"
  ipt -A "$CHAIN" -s "$CONTROLLER_NET" -p "$proto" --dport "$port" \
      -m comment --comment "rink-${name}" -j ACCEPT
  log "allowed ${name} (${proto}/${port}) from ${CONTROLLER_NET}"
}

enable_routing() {
  elevate sysctl -w net.ipv4.ip_forward=1 >/dev/null
  ipt -t nat -C POSTROUTING -s "$CONTROLLER_NET" -o "$UPLINK_IF" -j MASQUERADE 2>/dev/null \
    || ipt -t nat -A POSTROUTING -s "$CONTROLLER_NET" -o "$UPLINK_IF" -j MASQUERADE
  log "routing ${CONTROLLER_NET} out via ${UPLINK_IF}"
}

persist() {
  if command -v netfilter-persistent >/dev/null 2>&1; then
    elevate netfilter-persistent save
    elevate systemctl enable --now netfilter-persistent
  else
    log "netfilter-persistent not installed; rules last until reboot"
  fi
}

main() {
  local route=0 keep=0
  while getopts ":rph" opt; do
    case "$opt" in
      r) route=1 ;;
      p) keep=1 ;;
      h) echo "usage: ${0##*/} [-r route] [-p persist]"; exit 0 ;;
      *) echo "bad option" >&2; exit 2 ;;
    esac
  done

  ensure_chain
  for name in "${!SERVICES[@]}"; do
    allow_service "$name" "${SERVICES[$name]}"
  done
  (( route )) && enable_routing
  (( keep )) && persist
  log "done"
}

main "$@"
