#!/usr/bin/env bash
# dev_net_tuning.sh - raise kernel network limits for local load testing.
# Current values are saved to ./net-tuning.backup so "--restore" can put them
# back. Changes are runtime only; nothing is persisted across reboots.
set -euo pipefail

BACKUP_FILE="./net-tuning.backup"
MODE="apply"
DRY_RUN=0

# key=value pairs applied in order
declare -A TUNING=(
  [net.core.somaxconn]=8192
  [net.ipv4.tcp_max_syn_backlog]=8192
  [net.ipv4.ip_local_port_range]="10240 65000"
  [net.ipv4.tcp_tw_reuse]=1
  [net.core.netdev_max_backlog]=16384
  [fs.file-max]=2097152
)

log() { printf '[net-tuning] %s\n' "$*"; }

usage() {
  cat <<EOF
usage: $0 [--apply|--restore|--show] [--dry-run]
  --apply     save current values and apply the load-test profile (default)
  --restore   restore values from $BACKUP_FILE
  --show      print current values
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --apply) MODE=apply ;;
    --restore) MODE=restore ;;
    --show) MODE=show ;;
    --dry-run) DRY_RUN=1 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
  shift
done

set_value() {
  local key="$1" value="$2"
  if [ "$DRY_RUN" -eq 1 ]; then
    log "would set $key = $value"
  else
    sudo sysctl -q -w "$key=$value"
    log "set $key = $value"
  fi
}

show() {
  for key in "${!TUNING[@]}"; do
    printf '%-34s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo '?')"
  done
}

apply() {
  if [ -f "$BACKUP_FILE" ]; then
    log "backup already exists; run --restore first"
    exit 1
  fi
  : > "$BACKUP_FILE"
  for key in "${!TUNING[@]}"; do
    printf '%s=%s\n' "$key" "$(sysctl -n "$key")" >> "$BACKUP_FILE"
  done
  log "saved current values to $BACKUP_FILE"
  for key in "${!TUNING[@]}"; do
    set_value "$key" "${TUNING[$key]}"
  done
  ulimit -n 65535 2>/dev/null || log "could not raise open-file limit for this shell"
}

restore() {
  [ -f "$BACKUP_FILE" ] || { log "no backup file found"; exit 1; }
  while IFS='=' read -r key value; do
    [ -n "$key" ] && set_value "$key" "$value"
  done < "$BACKUP_FILE"
  [ "$DRY_RUN" -eq 1 ] || rm -f "$BACKUP_FILE"
  log "restored original values"
}

case "$MODE" in
  apply) apply ;;
  restore) restore ;;
  show) show ;;
esac
