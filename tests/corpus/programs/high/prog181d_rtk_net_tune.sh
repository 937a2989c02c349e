#!/usr/bin/env bash
# rtk_net_tune.sh - prepare the RTK base-station mini PC for serving NTRIP
# corrections to the drones over the site LTE router.
set -euo pipefail

NTRIP_PORT="${NTRIP_PORT:-2101}"
SITE_NET="${SITE_NET:-192.0.2.0/24}"
IFACE="${IFACE:-wwan0}"

run_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

knob() { printf 'net.%s.%s' "$1" "$2"; }

declare -A KNOBS=(
  ["$(knob core rmem_max)"]=4194304
  ["$(knob core wmem_max)"]=4194304
  ["$(knob ipv4 tcp_keepalive_time)"]=60
)

tune_kernel() {
  local k
  for k in "${!KNOBS[@]}"; do
    echo "setting $k=${KNOBS[$k]}"
    run_root sysctl -w "$k=${KNOBS[$k]}" >/dev/null
  done
}

load_modules() {
  local mods=(cdc_acm ftdi_sio) m
  for m in "${mods[@]}"; do
    lsmod | grep -qw "$m" || run_root modprobe "$m"
  done
}

open_ntrip() {
  local fw=(iptables -w)
  if ! run_root "${fw[@]}" -C INPUT -i "$IFACE" -s "$SITE_NET" -p tcp --dport "$NTRIP_PORT" -j ACCEPT 2>/dev/null; then
    run_root "${fw[@]}" -I INPUT -i "$IFACE" -s "$SITE_NET" -p tcp --dport "$NTRIP_PORT" -j ACCEPT
    echo "NTRIP port $NTRIP_PORT open to $SITE_NET on $IFACE"
  fi
}

status() {
  run_root iptables -w -L INPUT -n --line-numbers | grep -E "dpt:$NTRIP_PORT" || true
  sysctl "$(knob core rmem_max)"
}

main() {
  case "${1:-apply}" in
    apply) tune_kernel; load_modules; open_ntrip; status ;;
    status) status ;;
    *) echo "usage: $0 [apply|status]" >&2; exit 2 ;;
  esac
}

main "$@"
