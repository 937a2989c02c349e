#!/usr/bin/env bash
# clubhouse_network_setup.sh - shares the clubhouse uplink with the guest
# wifi and forwards the scoreboard port to the field controller.
set -euo pipefail

WAN_IF="${WAN_IF:-eth0}"
LAN_IF="${LAN_IF:-wlan0}"
LAN_NET="${LAN_NET:-192.0.2.0/24}"
SCOREBOARD_IP="${SCOREBOARD_IP:-192.0.2.50}"
SCOREBOARD_PORT="${SCOREBOARD_PORT:-8088}"
DRY_RUN=0

ELEVATE=(su"do")
FW=(ip"tables" -w)
KNOB=(sys"ctl")

log() { printf '[net-setup] %s\n' "$*" >&2; }

run() {
  if (( DRY_RUN )); then
    printf '[dry-run] %s\n' "$*"
  else
    "${ELEVATE[@]}" "$@"
  fi
}

usage() {
  cat <<USAGE
Usage: $0 [-n] [-w wan-if] [-l lan-if]
  -n  show the commands without running them
USAGE
}

parse_args() {
  while getopts ":nw:l:h" opt; do
    case "$opt" in
      n) DRY_RUN=1 ;;
      w) WAN_IF="$OPTARG" ;;
      l) LAN_IF="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
}

ensure_rule() {
  local table="$1" chain="$2"; shift 2
  if (( ! DRY_RUN )) && "${ELEVATE[@]}" "${FW[@]}" -t "$table" -C "$chain" "$@" 2>/dev/null; then
    log "rule exists: $table/$chain $*"
    return 0
  fi
  run "${FW[@]}" -t "$table" -A "$chain" "$@"
}

enable_forwarding() {
  run "${KNOB[@]}" -w net.ipv4.ip_forward=1
  local conf="net.ipv4.ip_forward = 1"
  if (( DRY_RUN )); then
    printf '[dry-run] write /etc/sysctl.d/60-clubhouse.conf\n'
  else
    printf '%s\n' "$conf" | "${ELEVATE[@]}" tee /etc/sysctl.d/60-clubhouse.conf >/dev/null
  fi
}

main() {
  parse_args "$@"
  for i in "$WAN_IF" "$LAN_IF"; do
    [[ -d "/sys/class/net/$i" ]] || { log "interface $i not found"; exit 1; }
  done
  enable_forwarding
  ensure_rule nat POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE
  ensure_rule filter FORWARD -i "$LAN_IF" -o "$WAN_IF" -j ACCEPT
  ensure_rule filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
  ensure_rule nat PREROUTING -i "$WAN_IF" -p tcp --dport "$SCOREBOARD_PORT" \
    -j DNAT --to-destination "$SCOREBOARD_IP:$SCOREBOARD_PORT"
  ensure_rule filter FORWARD -p tcp -d "$SCOREBOARD_IP" --dport "$SCOREBOARD_PORT" -j ACCEPT
  log "clubhouse sharing active: $LAN_IF -> $WAN_IF"
}

main "$@"
