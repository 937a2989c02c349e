#!/usr/bin/env bash
# ANPR capture host network rules.
# Allows the camera VLAN to reach the RTSP relay and the matching service on
# this host, and enables forwarding so the relay can pass streams to the
# enforcement office subnet.
set -euo pipefail

CAMERA_NET="${CAMERA_NET:-192.0.2.0/24}"
OFFICE_NET="${OFFICE_NET:-198.51.100.0/24}"
RTSP_PORT="${RTSP_PORT:-554}"
MATCH_PORT="${MATCH_PORT:-8443}"
CHAIN="ANPR_IN"
ACTION="${1:-apply}"

log() { echo "[anpr-net] $*"; }

as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

ipt() { as_root iptables "$@"; }

ensure_chain() {
  if ! ipt -nL "$CHAIN" >/dev/null 2>&1; then
    ipt -N "$CHAIN"
    log "created chain ${CHAIN}"
  fi
  if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
    ipt -I INPUT 1 -j "$CHAIN"
  fi
}

add_rule() {
  # idempotent: only insert if the exact rule is missing
  if ! ipt -C "$CHAIN" "$@" 2>/dev/null; then
    ipt -A "$CHAIN" "$@"
    log "added: $*"
  fi
}

apply_rules() {
  ensure_chain
  add_rule -s "$CAMERA_NET" -p tcp --dport "$RTSP_PORT" -j ACCEPT
  add_rule -s "$CAMERA_NET" -p udp --dport 5000:5100 -j ACCEPT
  add_rule -s "$OFFICE_NET" -p tcp --dport "$MATCH_PORT" -j ACCEPT
  add_rule -p tcp --dport "$RTSP_PORT" -j DROP
  as_root sysctl -w net.ipv4.ip_forward=1 >/dev/null
  as_root iptables -C FORWARD -s "$CAMERA_NET" -d "$OFFICE_NET" -j ACCEPT 2>/dev/null \
    || as_root iptables -A FORWARD -s "$CAMERA_NET" -d "$OFFICE_NET" -j ACCEPT
  log "forwarding enabled ${CAMERA_NET} -> ${OFFICE_NET}"
}

remove_rules() {
  if ipt -nL "$CHAIN" >/dev/null 2>&1; then
    ipt -D INPUT -j "$CHAIN" 2>/dev/null || true
    ipt -F "$CHAIN"
    ipt -X "$CHAIN"
    log "removed chain ${CHAIN}"
  fi
  as_root iptables -D FORWARD -s "$CAMERA_NET" -d "$OFFICE_NET" -j ACCEPT 2>/dev/null || true
}

show_rules() {
  ipt -nvL "$CHAIN" 2>/dev/null || log "chain ${CHAIN} not present"
  as_root sysctl net.ipv4.ip_forward
}

case "$ACTION" in
  apply) apply_rules ;;
  remove) remove_rules ;;
  show) show_rules ;;
  *) echo "Usage: $0 [apply|remove|show]" >&2; exit 2 ;;
esac
