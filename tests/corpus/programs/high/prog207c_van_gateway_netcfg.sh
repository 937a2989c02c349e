#!/usr/bin/env bash
# Configures the van's onboard gateway PC: shares the LTE uplink with the
# card terminal and menu kiosk on the van's internal LAN.
set -euo pipefail

WAN_IF="${WAN_IF:-wwan0}"
LAN_IF="${LAN_IF:-eth0}"
LAN_NET="${LAN_NET:-10.42.0.0/24}"
KIOSK_PORT=8088
ACTION="apply"

info() { printf '[netcfg] %s\n' "$*"; }
fail() { printf '[netcfg] %s\n' "$*" >&2; exit 1; }

usage() {
  cat <<EOT
Usage: $0 [apply|remove|status] [--wan IF] [--lan IF]
EOT
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    apply|remove|status) ACTION="$1"; shift ;;
    --wan) WAN_IF="$2"; shift 2 ;;
    --lan) LAN_IF="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

ELEV=( "$(printf 'su%s' do)" )
[[ $EUID -eq 0 ]] && ELEV=()

run() { "${ELEV[@]}" "$@"; }

ipt() { run "$(printf 'ip%s' tables)" "$@"; }

rule_specs() {
  # each entry: table|chain|rule
  printf '%s\n' \
    "nat|POSTROUTING|-s $LAN_NET -o $WAN_IF -j MASQUERADE" \
    "filter|FORWARD|-i $LAN_IF -o $WAN_IF -j ACCEPT" \
    "filter|FORWARD|-i $WAN_IF -o $LAN_IF -m state --state RELATED,ESTABLISHED -j ACCEPT" \
    "filter|INPUT|-i $LAN_IF -p tcp --dport $KIOSK_PORT -j ACCEPT"
}

each_rule() {
  local op="$1" table chain rule
  while IFS='|' read -r table chain rule; do
    # shellcheck disable=SC2086
    if ipt -t "$table" -C "$chain" $rule 2>/dev/null; then
      [[ "$op" == "-D" ]] && ipt -t "$table" -D "$chain" $rule && info "removed: $chain $rule"
    else
      [[ "$op" == "-A" ]] && ipt -t "$table" -A "$chain" $rule && info "added: $chain $rule"
    fi
  done < <(rule_specs)
}

forwarding() {
  local value="$1"
  run "$(printf 'sys%s' ctl)" -w "net.ipv4.ip_forward=$value" >/dev/null
  echo "net.ipv4.ip_forward = $value" | run tee /etc/sysctl.d/60-van-gateway.conf >/dev/null
  info "ip forwarding set to $value"
}

status() {
  info "forwarding: $(cat /proc/sys/net/ipv4/ip_forward)"
  ipt -t nat -S POSTROUTING | grep -F "$LAN_NET" || info "no NAT rule present"
  ip -brief addr show dev "$WAN_IF" 2>/dev/null || info "$WAN_IF not present"
}

main() {
  ip link show "$LAN_IF" >/dev/null 2>&1 || fail "LAN interface $LAN_IF not found"
  case "$ACTION" in
    apply) forwarding 1; each_rule -A ;;
    remove) each_rule -D; forwarding 0 ;;
    status) status ;;
  esac
}

main
