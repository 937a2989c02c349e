#!/usr/bin/env bash
# telematics_port_forward.sh - expose the telematics listeners on the
# standard device ports.
#
# Vehicle units in the field are hard-configured to report to ports
# 5027 (Teltonika) and 5001 (Queclink).  Our listeners run unprivileged on
# 15027/15001, so this script installs NAT redirects from the device ports
# to the listener ports and enables forwarding for the tunnel interface.
#
#   telematics_port_forward.sh apply|remove|status [-i IFACE]
set -euo pipefail

IFACE="eth0"
ACTION="${1:-status}"
shift || true
RULE_COMMENT="telematics-fwd"
declare -A PORT_MAP=( [5027]=15027 [5001]=15001 )

while getopts "i:" opt; do
  case "$opt" in
    i) IFACE="$OPTARG" ;;
    *) echo "usage: $0 apply|remove|status [-i IFACE]" >&2; exit 2 ;;
  esac
done

log() { logger -t telematics-fwd -- "$*" 2>/dev/null || true; echo "$*"; }

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -- "$@"; fi
}

ipt() { as_root iptables -w 5 "$@"; }

rule_args() {
  local from="$1" to="$2"
  echo "-i $IFACE -p tcp --dport $from -m comment --comment $RULE_COMMENT -j REDIRECT --to-ports $to"
}

apply_rules() {
  local from to
  for from in "${!PORT_MAP[@]}"; do
    to="${PORT_MAP[$from]}"
    # shellcheck disable=SC2046
    if ipt -t nat -C PREROUTING $(rule_args "$from" "$to") 2>/dev/null; then
      log "redirect $from -> $to already present"
    else
      # shellcheck disable=SC2046
      ipt -t nat -A PREROUTING $(rule_args "$from" "$to")
      log "added redirect $from -> $to on $IFACE"
    fi
    ipt -C INPUT -i "$IFACE" -p tcp --dport "$to" -j ACCEPT 2>/dev/null \
      || ipt -I INPUT -i "$IFACE" -p tcp --dport "$to" -j ACCEPT
  done
  as_root sysctl -q -w net.ipv4.ip_forward=1
  as_root sysctl -q -w "net.ipv4.conf.${IFACE}.route_localnet=1"
  log "forwarding enabled on $IFACE"
}

remove_rules() {
  local from to
  for from in "${!PORT_MAP[@]}"; do
    to="${PORT_MAP[$from]}"
    # shellcheck disable=SC2046
    while ipt -t nat -C PREROUTING $(rule_args "$from" "$to") 2>/dev/null; do
      # shellcheck disable=SC2046
      ipt -t nat -D PREROUTING $(rule_args "$from" "$to")
    done
    ipt -D INPUT -i "$IFACE" -p tcp --dport "$to" -j ACCEPT 2>/dev/null || true
    log "removed redirect $from -> $to"
  done
}

show_status() {
  ipt -t nat -S PREROUTING | grep -- "$RULE_COMMENT" || echo "no telematics redirects installed"
  printf 'ip_forward=%s\n' "$(cat /proc/sys/net/ipv4/ip_forward)"
  for to in "${PORT_MAP[@]}"; do
    if ss -ltn "sport = :$to" | grep -q LISTEN; then
      echo "listener on $to: up"
    else
      echo "listener on $to: DOWN"
    fi
  done
}

case "$ACTION" in
  apply)  apply_rules ;;
  remove) remove_rules ;;
  status) show_status ;;
  *) echo "unknown action $ACTION" >&2; exit 2 ;;
esac
