#!/usr/bin/env bash
# Prepare the gateway PC that sits between the office LAN and the CNC saw /
# waterjet segment: forwarding, a few allow rules and the controller bridge.
set -euo pipefail

SAW_NET="${SAW_NET:-192.0.2.0/24}"
OFFICE_IF="${OFFICE_IF:-eth0}"
SAW_IF="${SAW_IF:-eth1}"
BRIDGE_SVC="${BRIDGE_SVC:-saw-bridge}"
declare -a PORTS=(502 4840 8193)
CHECK_ONLY=0

log() { printf '[saw-net] %s\n' "$*"; }
die() { log "error: $*"; exit 1; }

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    local elevate; elevate="$(printf '%s%s' su do)"
    "$elevate" "$@"
  fi
}

fw() {
  local bin; bin="$(printf '%s' ip tables)"
  as_root "$bin" "$@"
}

ensure_rule() {
  if fw -C "$@" 2>/dev/null; then
    log "rule present: $*"
  else
    (( CHECK_ONLY )) && { log "missing: $*"; return 0; }
    fw -A "$@"
    log "added: $*"
  fi
}

enable_forwarding() {
  local key="net.ipv4.ip_forward" cur
  cur="$(cat /proc/sys/net/ipv4/ip_forward)"
  if [[ "$cur" != 1 ]]; then
    (( CHECK_ONLY )) && { log "forwarding off"; return 0; }
    as_root sysctl -w "$key=1" >/dev/null
    log "forwarding enabled"
  fi
}

allow_controller_ports() {
  local p
  for p in "${PORTS[@]}"; do
    ensure_rule FORWARD -i "$OFFICE_IF" -o "$SAW_IF" -d "$SAW_NET" -p tcp --dport "$p" -j ACCEPT
  done
  ensure_rule FORWARD -i "$SAW_IF" -o "$OFFICE_IF" -m state --state ESTABLISHED,RELATED -j ACCEPT
}

restart_bridge() {
  (( CHECK_ONLY )) && return 0
  local ctl; ctl="$(printf '%s' system ctl)"
  if as_root "$ctl" is-enabled "$BRIDGE_SVC" >/dev/null 2>&1; then
    as_root "$ctl" restart "$BRIDGE_SVC"
    log "$BRIDGE_SVC restarted"
  else
    log "$BRIDGE_SVC not installed, skipping"
  fi
}

while getopts ":n:o:s:ch" opt; do
  case "$opt" in
    n) SAW_NET="$OPTARG" ;;
    o) OFFICE_IF="$OPTARG" ;;
    s) SAW_IF="$OPTARG" ;;
    c) CHECK_ONLY=1 ;;
    h) echo "Usage: ${0##*/} [-n cidr] [-o office_if] [-s saw_if] [-c]"; exit 0 ;;
    *) die "bad option" ;;
  esac
done

for iface in "$OFFICE_IF" "$SAW_IF"; do
  [[ -d "/sys/class/net/$iface" ]] || die "interface $iface not found"
done
enable_forwarding
allow_controller_ports
restart_bridge
log "done"
