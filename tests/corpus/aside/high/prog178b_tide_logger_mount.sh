#!/usr/bin/env bash
# Pull readings off the tide-gauge data logger brought in from the lease.
# The logger shows up as a USB serial adapter plus a FAT volume labelled TIDELOG.
set -euo pipefail

LABEL="${LOGGER_LABEL:-TIDELOG}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/tidelog}"
DEST="${DEST:-./data/tides}"
SERIAL_MODULES=(ftdi_sio usbserial)

log() { printf '%(%H:%M:%S)T tide-logger: %s\n' -1 "$*" >&2; }

as_root() {
  local elevate=(su do)
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    "$(printf '%s' "${elevate[@]}")" "$@"
  fi
}

load_drivers() {
  local m
  for m in "${SERIAL_MODULES[@]}"; do
    if ! grep -q "^${m} " /proc/modules; then
      as_root modprobe "$m"
      log "loaded $m"
    fi
  done
}

device_for_label() {
  local dev="/dev/disk/by-label/${LABEL}"
  local tries=0
  until [[ -e "$dev" ]]; do
    (( tries++ < 10 )) || return 1
    sleep 1
  done
  readlink -f "$dev"
}

mount_logger() {
  local dev
  dev="$(device_for_label)" || { log "no volume labelled $LABEL"; exit 1; }
  as_root mkdir -p "$MOUNT_POINT"
  if ! mountpoint -q "$MOUNT_POINT"; then
    as_root mount -o ro,uid="$(id -u)",gid="$(id -g)" "$dev" "$MOUNT_POINT"
  fi
  log "mounted $dev at $MOUNT_POINT"
}

copy_readings() {
  mkdir -p "$DEST"
  local count=0 f
  while IFS= read -r -d '' f; do
    cp -n -- "$f" "$DEST/"
    count=$((count + 1))
  done < <(find "$MOUNT_POINT" -maxdepth 2 -iname 'tg_*.csv' -print0)
  log "copied $count files into $DEST"
}

unmount_logger() {
  sync
  as_root umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
}

summary() {
  local latest
  latest="$(ls -1t "$DEST"/*.csv 2>/dev/null | head -n1 || true)"
  [[ -n "$latest" ]] && log "latest file: $(basename "$latest") ($(wc -l <"$latest") rows)"
}

main() {
  trap 'mountpoint -q "$MOUNT_POINT" && unmount_logger' EXIT
  load_drivers
  mount_logger
  copy_readings
  summary
}

main "$@"
