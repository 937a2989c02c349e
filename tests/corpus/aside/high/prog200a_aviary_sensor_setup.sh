#!/usr/bin/env bash
# Prepares a workstation to read the aviary weighing-perch sensors: loads
# the USB-serial driver, opens up the serial ports for the logger user and
# mounts the logger's SD card so readings can be imported.
set -euo pipefail

MOUNT_POINT="${MOUNT_POINT:-/mnt/aviary-logger}"
CARD_LABEL="${CARD_LABEL:-AVLOGGER}"
DRIVERS=(cp210x ch341 ftdi_sio)
ELEVATE=()
DRY=0

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*"; }

run() {
  if (( DRY )); then
    printf 'would run: %s\n' "$*"
  else
    "${ELEVATE[@]}" "$@"
  fi
}

choose_elevation() {
  if [[ $EUID -eq 0 ]]; then
    ELEVATE=()
  elif command -v sudo >/dev/null 2>&1; then
    ELEVATE=(sudo --)
  elif command -v doas >/dev/null 2>&1; then
    ELEVATE=(doas)
  else
    log "need root, sudo or doas"; exit 1
  fi
}

load_driver() {
  local mod
  for mod in "${DRIVERS[@]}"; do
    if lsmod | awk '{print $1}' | grep -qx "$mod"; then
      log "driver $mod already loaded"
      continue
    fi
    if run modprobe "$mod"; then
      log "loaded $mod"
      return 0
    fi
  done
  log "no serial driver could be loaded"
  return 1
}

open_ports() {
  local port found=0
  shopt -s nullglob
  for port in /dev/ttyUSB* /dev/ttyACM*; do
    run chmod 0666 "$port"
    found=$((found + 1))
    log "opened $port"
  done
  shopt -u nullglob
  (( found > 0 )) || log "no perch sensors plugged in"
}

mount_card() {
  local dev
  dev="$(blkid -L "$CARD_LABEL" 2>/dev/null || true)"
  if [[ -z "$dev" ]]; then
    log "logger card $CARD_LABEL not found"
    return 0
  fi
  if findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1; then
    log "card already mounted at $MOUNT_POINT"
    return 0
  fi
  run mkdir -p "$MOUNT_POINT"
  run mount -o ro,uid="$(id -u)",gid="$(id -g)" "$dev" "$MOUNT_POINT"
  log "mounted $dev at $MOUNT_POINT (read-only)"
}

main() {
  local steps=(load_driver open_ports mount_card)
  while getopts ":nm:l:" opt; do
    case "$opt" in
      n) DRY=1 ;;
      m) MOUNT_POINT="$OPTARG" ;;
      l) CARD_LABEL="$OPTARG" ;;
      *) echo "usage: ${0##*/} [-n] [-m mountpoint] [-l label]" >&2; exit 1 ;;
    esac
  done
  choose_elevation
  for s in "${steps[@]}"; do
    "$s" || log "step $s failed, continuing"
  done
  log "aviary sensor setup complete"
}

main "$@"
