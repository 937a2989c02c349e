#!/usr/bin/env bash
# checkin_kiosk_hardware_setup.sh - prepare a front-gate check-in kiosk.
#
# Each kiosk has a USB barcode scanner (reads the QR on the parent's
# pickup pass) and a thermal wristband printer. This script makes both
# devices usable by the unprivileged "kiosk" account with stable names:
#   /dev/camp-scanner  and  /dev/camp-wristband
#
# Usage: checkin_kiosk_hardware_setup.sh [--user kiosk] [--devices devices.conf] [--dry-run]

set -euo pipefail

KIOSK_USER="kiosk"
DEVICES_CONF="./devices.conf"
DRY_RUN=0
RULES_FILE="/etc/udev/rules.d/72-camp-checkin.rules"

# defaults for the hardware we bought in bulk; override in devices.conf
SCANNER_VID="05e0"; SCANNER_PID="1200"
PRINTER_VID="0dd4"; PRINTER_PID="0186"

info() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --user) KIOSK_USER=$2; shift 2 ;;
    --devices) DEVICES_CONF=$2; shift 2 ;;
    --dry-run) DRY_RUN=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) warn "unknown option $1"; exit 1 ;;
  esac
done

# shellcheck disable=SC1090
[[ -f $DEVICES_CONF ]] && source "$DEVICES_CONF"

if command -v sudo >/dev/null 2>&1; then
  PRIV=(sudo)
elif command -v doas >/dev/null 2>&1; then
  PRIV=(doas)
else
  PRIV=()
fi

run() {
  if (( DRY_RUN )); then
    printf 'DRY: %q ' "$@"; echo
  else
    "$@"
  fi
}

render_rules() {
  cat <<EOF
# Managed by checkin_kiosk_hardware_setup.sh - do not edit by hand
SUBSYSTEM=="hidraw", ATTRS{idVendor}=="${SCANNER_VID}", ATTRS{idProduct}=="${SCANNER_PID}", MODE="0660", GROUP="${KIOSK_USER}", SYMLINK+="camp-scanner"
SUBSYSTEM=="usbmisc", ATTRS{idVendor}=="${PRINTER_VID}", ATTRS{idProduct}=="${PRINTER_PID}", MODE="0660", GROUP="lp", SYMLINK+="camp-wristband"
EOF
}

check_user() {
  if ! id "$KIOSK_USER" >/dev/null 2>&1; then
    warn "user $KIOSK_USER does not exist; create it first"
    exit 1
  fi
}

install_rules() {
  local tmp
  tmp=$(mktemp)
  render_rules > "$tmp"
  if [[ -f $RULES_FILE ]] && cmp -s "$tmp" "$RULES_FILE"; then
    info "udev rules already current"
  else
    info "installing $RULES_FILE"
    run "${PRIV[@]}" install -m 0644 -o root -g root "$tmp" "$RULES_FILE"
  fi
  rm -f "$tmp"
}

load_printer_driver() {
  if ! lsmod | grep -q '^usblp'; then
    info "loading usblp driver"
    run "${PRIV[@]}" modprobe usblp
  fi
}

grant_groups() {
  for grp in lp dialout "$KIOSK_USER"; do
    if ! id -nG "$KIOSK_USER" | tr ' ' '\n' | grep -qx "$grp"; then
      info "adding $KIOSK_USER to $grp"
      run "${PRIV[@]}" usermod -aG "$grp" "$KIOSK_USER"
    fi
  done
}

reload_udev() {
  info "reloading udev"
  run "${PRIV[@]}" udevadm control --reload-rules
  run "${PRIV[@]}" udevadm trigger --subsystem-match=hidraw --subsystem-match=usbmisc
}

verify() {
  sleep 2
  for node in /dev/camp-scanner /dev/camp-wristband; do
    if [[ -e $node ]]; then
      info "$node -> $(readlink -f "$node")"
    else
      warn "$node not present yet (is the device plugged in?)"
    fi
  done
}

check_user
install_rules
load_printer_driver
grant_groups
reload_udev
(( DRY_RUN )) || verify
info "kiosk hardware ready; log out and back in as $KIOSK_USER"
