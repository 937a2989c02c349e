#!/usr/bin/env bash
# badge_controller_firewall.sh - allow the door controllers on the facilities
# VLAN to reach the badge bridge on this host, and persist the rule set so it
# survives a reboot.
#
# Controllers are listed one CIDR per line in controllers.txt (comments with #).
#
# Usage: badge_controller_firewall.sh [--list FILE] [--port N] [--remove]

set -euo pipefail

LIST="./controllers.txt"
PORT=8086
ACTION="add"
CHAIN="BADGE-BRIDGE"
RULES_FILE="/etc/iptables/rules.v4"

log() { logger -t badge-fw -- "$*" 2>/dev/null || true; echo "badge-fw: $*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --list)   LIST="$2"; shift 2 ;;
    --port)   PORT="$2"; shift 2 ;;
    --remove) ACTION="remove"; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done

if [[ $EUID -eq 0 ]]; then
  IPT=(iptables -w 5)
  TEE=(tee)
else
  IPT=(sudo iptables -w 5)
  TEE=(sudo tee)
fi

read_controllers() {
  [[ -r "$LIST" ]] || { echo "controller list $LIST not found" >&2; exit 1; }
  grep -vE '^\s*(#|$)' "$LIST" | awk '{print $1}'
}

ensure_chain() {
  "${IPT[@]}" -N "$CHAIN" 2>/dev/null || true
  if ! "${IPT[@]}" -C INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null; then
    "${IPT[@]}" -I INPUT -p tcp --dport "$PORT" -j "$CHAIN"
    log "hooked $CHAIN into INPUT for tcp/$PORT"
  fi
}

add_rules() {
  local cidr n=0
  ensure_chain
  "${IPT[@]}" -F "$CHAIN"
  while read -r cidr; do
    "${IPT[@]}" -A "$CHAIN" -s "$cidr" -p tcp --dport "$PORT" -j ACCEPT
    n=$((n + 1))
  done < <(read_controllers)
  "${IPT[@]}" -A "$CHAIN" -p tcp --dport "$PORT" -j DROP
  log "allowed $n controller range(s) on tcp/$PORT"
}

remove_rules() {
  "${IPT[@]}" -D INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null || true
  "${IPT[@]}" -F "$CHAIN" 2>/dev/null || true
  "${IPT[@]}" -X "$CHAIN" 2>/dev/null || true
  log "removed $CHAIN"
}

persist() {
  local save
  save="$(command -v iptables-save)" || { log "iptables-save missing, not persisting"; return; }
  if [[ $EUID -eq 0 ]]; then "$save"; else sudo "$save"; fi | "${TEE[@]}" "$RULES_FILE" >/dev/null
  log "rules saved to $RULES_FILE"
}

case "$ACTION" in
  add)    add_rules ;;
  remove) remove_rules ;;
esac
persist
"${IPT[@]}" -S "$CHAIN" 2>/dev/null || true
