#!/usr/bin/env bash
# edge_port_redirect.sh - let the unprivileged chat server answer on :80/:443.
#
# The chat server listens on 8080/8443 as a normal user.  This helper adds
# NAT REDIRECT rules so clients can keep using the standard ports, and
# enables forwarding for the container bridge.  Only the rules tagged with
# our comment are touched; nothing else in the ruleset is changed.
set -euo pipefail

TAG="chat-edge-redirect"
MAPPINGS=("80:8080" "443:8443")
IFACE="${EDGE_IFACE:-eth0}"
SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

usage() {
  cat <<EOF
usage: $0 {up|down|show} [-i iface]
  up    add REDIRECT rules and enable ip forwarding
  down  remove only the rules tagged '$TAG'
  show  list tagged rules
EOF
}

ACTION="${1:-show}"; shift || true
while getopts ":i:" o; do
  case $o in
    i) IFACE=$OPTARG ;;
    *) usage; exit 2 ;;
  esac
done

ipt() { $SUDO iptables -w 5 "$@"; }

rule_args() {
  local from=$1 to=$2
  echo "-i $IFACE -p tcp --dport $from -m comment --comment $TAG -j REDIRECT --to-ports $to"
}

has_rule() {
  # shellcheck disable=SC2046
  ipt -t nat -C PREROUTING $(rule_args "$1" "$2") 2>/dev/null
}

up() {
  for m in "${MAPPINGS[@]}"; do
    from=${m%%:*}; to=${m##*:}
    if has_rule "$from" "$to"; then
      echo "rule $from -> $to already present"
    else
      # shellcheck disable=SC2046
      ipt -t nat -A PREROUTING $(rule_args "$from" "$to")
      echo "added $IFACE:$from -> :$to"
    fi
  done
  current=$(sysctl -n net.ipv4.ip_forward)
  if [[ $current != 1 ]]; then
    $SUDO sysctl -w net.ipv4.ip_forward=1 >/dev/null
    echo "enabled net.ipv4.ip_forward"
  fi
  $SUDO sysctl -w net.ipv4.conf."$IFACE".route_localnet=1 >/dev/null
}

down() {
  for m in "${MAPPINGS[@]}"; do
    from=${m%%:*}; to=${m##*:}
    while has_rule "$from" "$to"; do
      # shellcheck disable=SC2046
      ipt -t nat -D PREROUTING $(rule_args "$from" "$to")
      echo "removed $IFACE:$from -> :$to"
    done
  done
}

show() {
  ipt -t nat -S PREROUTING | grep -- "$TAG" || echo "no tagged rules"
  echo "ip_forward=$(sysctl -n net.ipv4.ip_forward)"
}

case $ACTION in
  up) up ;;
  down) down ;;
  show) show ;;
  *) usage; exit 2 ;;
esac
