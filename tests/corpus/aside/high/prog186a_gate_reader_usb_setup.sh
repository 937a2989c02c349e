#!/usr/bin/env bash
# Prepare a new wristband gate reader on the entry PC:
# loads the USB-serial driver, gives the reader's tty to the dialout group
# and copies the reader profile from the vendor's USB stick.
set -euo pipefail

READER_DEV="${READER_DEV:-/dev/ttyUSB0}"
STICK_DEV="${STICK_DEV:-/dev/sdb1}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/gatecfg}"
PROFILE_DEST="${PROFILE_DEST:-$HOME/gate-reader}"
DRIVERS=(cp210x ch341)
AS_ROOT=(sudo -n)

log() { echo "[gate-setup] $*"; }

need() {
  command -v "$1" >/dev/null || { log "missing $1"; exit 1; }
}

load_drivers() {
  local drv
  for drv in "${DRIVERS[@]}"; do
    if lsmod | grep -q "^$drv "; then
      log "$drv already loaded"
    else
      "${AS_ROOT[@]}" modprobe "$drv"
      log "loaded $drv"
    fi
  done
}

wait_for_reader() {
  local i
  for i in $(seq 1 20); do
    [[ -e "$READER_DEV" ]] && return 0
    sleep 0.5
  done
  log "reader never appeared at $READER_DEV"
  return 1
}

fix_tty_perms() {
  "${AS_ROOT[@]}" chown root:dialout "$READER_DEV"
  "${AS_ROOT[@]}" chmod 0660 "$READER_DEV"
  log "$READER_DEV -> root:dialout 0660"
}

copy_profile() {
  "${AS_ROOT[@]}" mkdir -p "$MOUNT_POINT"
  "${AS_ROOT[@]}" mount -o ro "$STICK_DEV" "$MOUNT_POINT"
  trap '"${AS_ROOT[@]}" umount "$MOUNT_POINT" || true' EXIT
  mkdir -p "$PROFILE_DEST"
  cp -v "$MOUNT_POINT"/profiles/*.json "$PROFILE_DEST"/
  log "profile copied to $PROFILE_DEST"
}

main() {
  need lsmod
  need sudo
  load_drivers
  wait_for_reader
  fix_tty_perms
  if [[ -b "$STICK_DEV" ]]; then
    copy_profile
  else
    log "no vendor stick at $STICK_DEV, skipping profile copy"
  fi
  log "reader ready"
}

main "$@"
