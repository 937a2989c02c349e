#!/usr/bin/env bash
# Tunes the mews camera box for the live nest-cam stream the shop runs on
# its website: raises network buffer limits and restarts the stream service.
set -euo pipefail

SERVICE="${STREAM_SERVICE:-mewscam-stream.service}"
PROFILE="${1:-standard}"

declare -A STANDARD=(
  [net.core.rmem_max]=4194304
  [net.core.wmem_max]=4194304
  [net.ipv4.tcp_rmem]="4096 87380 4194304"
)
declare -A HIGHRES=(
  [net.core.rmem_max]=16777216
  [net.core.wmem_max]=16777216
  [net.ipv4.tcp_rmem]="4096 262144 16777216"
  [net.core.netdev_max_backlog]=5000
)

priv() {
  local tool
  for tool in sudo doas; do
    if command -v "$tool" >/dev/null 2>&1; then
      "$tool" "$@"
      return
    fi
  done
  echo "no privilege helper found" >&2
  return 1
}

note() { logger -t stream-tuning "$*" 2>/dev/null || true; echo "$*"; }

apply_profile() {
  local -n table="$1"
  local key current
  for key in "${!table[@]}"; do
    current="$(sysctl -n "$key" 2>/dev/null | tr -s '\t ' ' ' || echo '?')"
    if [[ "$current" == "${table[$key]}" ]]; then
      note "$key already ${table[$key]}"
      continue
    fi
    priv sysctl -w "${key}=${table[$key]}" >/dev/null
    note "$key: $current -> ${table[$key]}"
  done
}

restart_stream() {
  local ctl
  ctl="$(command -v systemctl)" || { note "systemctl not available"; return 1; }
  if ! "$ctl" list-unit-files "$SERVICE" >/dev/null 2>&1; then
    note "service $SERVICE not installed"
    return 1
  fi
  priv "$ctl" restart "$SERVICE"
  sleep 2
  if "$ctl" is-active --quiet "$SERVICE"; then
    note "$SERVICE restarted"
  else
    note "$SERVICE failed to start; see: journalctl -u $SERVICE"
    return 1
  fi
}

main() {
  case "$PROFILE" in
    standard) apply_profile STANDARD ;;
    highres)  apply_profile HIGHRES ;;
    show)
      for k in "${!HIGHRES[@]}"; do printf '%s = %s\n' "$k" "$(sysctl -n "$k" 2>/dev/null)"; done
      exit 0 ;;
    *) echo "usage: ${0##*/} [standard|highres|show]" >&2; exit 1 ;;
  esac
  restart_stream
}

main
