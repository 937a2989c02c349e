#!/usr/bin/env bash
# rip_hotfolder_firewall.sh - let the prepress Macs reach the RIP server's
# JMF/JDF listener, LPD and raw 9100 ports from the shop VLAN only.
#
# usage: rip_hotfolder_firewall.sh [open|close|status] [SUBNET]
#
# Rules are tagged with the comment "rip-hotfolder" so close/status can find
# them again. Pass --save (env RIP_FW_SAVE=1) to keep them across reboots.

set -euo pipefail

ACTION="${1:-open}"
SUBNET="${2:-${RIP_SUBNET:-192.168.10.0/24}}"
SAVE="${RIP_FW_SAVE:-0}"
TAG="rip-hotfolder"
PORTS=(8010 515 9100 631)
IPT="sudo iptables"

log() { logger -t rip-fw "$*" 2>/dev/null || true; echo "rip-fw: $*"; }

valid_subnet() {
  [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}/([0-9]|[12][0-9]|3[0-2])$ ]]
}

rule_args() {
  # rule_args PORT -> the match part of the rule
  echo "-p tcp -s $SUBNET --dport $1 -m comment --comment $TAG -j ACCEPT"
}

open_ports() {
  local p
  for p in "${PORTS[@]}"; do
    # shellcheck disable=SC2046
    if $IPT -C INPUT $(rule_args "$p") 2>/dev/null; then
      log "port $p already open for $SUBNET"
    else
      # shellcheck disable=SC2046
      $IPT -I INPUT 1 $(rule_args "$p")
      log "opened tcp/$p for $SUBNET"
    fi
  done
}

close_ports() {
  local p
  for p in "${PORTS[@]}"; do
    # shellcheck disable=SC2046
    while $IPT -C INPUT $(rule_args "$p") 2>/dev/null; do
      # shellcheck disable=SC2046
      $IPT -D INPUT $(rule_args "$p")
      log "closed tcp/$p for $SUBNET"
    done
  done
}

status() {
  $IPT -S INPUT | grep -- "--comment $TAG" || echo "no $TAG rules loaded"
}

persist() {
  if [ "$SAVE" = "1" ]; then
    if command -v netfilter-persistent >/dev/null 2>&1; then
      sudo netfilter-persistent save
    else
      sudo mkdir -p /etc/iptables
      sudo sh -c 'iptables-save > /etc/iptables/rules.v4'
    fi
    log "rules saved"
  fi
}

for arg in "$@"; do
  [ "$arg" = "--save" ] && SAVE=1
done

valid_subnet "$SUBNET" || { echo "bad subnet: $SUBNET" >&2; exit 2; }
command -v iptables >/dev/null 2>&1 || { echo "iptables not found" >&2; exit 1; }

case "$ACTION" in
  open)   open_ports; persist ;;
  close)  close_ports; persist ;;
  status) status ;;
  *) echo "usage: $0 [open|close|status] [SUBNET] [--save]" >&2; exit 2 ;;
esac
