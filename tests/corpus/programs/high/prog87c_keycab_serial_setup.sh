#!/usr/bin/env bash
# Set up a stable device name for the key-cabinet controller's USB serial port.
#
# The cabinet's FTDI adapter enumerates as ttyUSB0/1/2 depending on plug
# order, which breaks the key-cabinet bridge after every reboot.  This finds
# the adapter by vendor/product/serial, writes a udev rule that links it to
# /dev/keycab0 and gives the depot operator group access to it.
#
# Usage: prog87c_keycab_serial_setup.sh [--vendor 0403] [--product 6001] [--group dialout]
set -euo pipefail

VENDOR="0403"
PRODUCT="6001"
GROUP="dialout"
LINK="keycab0"
RULE_NAME="71-keycab-serial.rules"
RULES_DIR="/etc/udev/rules.d"
OPERATOR="${SUDO_USER:-$USER}"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --vendor)  VENDOR="$2"; shift 2 ;;
    --product) PRODUCT="$2"; shift 2 ;;
    --group)   GROUP="$2"; shift 2 ;;
    --link)    LINK="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

info() { echo "[keycab-serial] $*"; }
fail() { echo "[keycab-serial] ERROR: $*" >&2; exit 1; }

find_adapter() {
  local dev vid pid
  for dev in /sys/bus/usb/devices/*; do
    [[ -r "$dev/idVendor" ]] || continue
    vid="$(<"$dev/idVendor")"
    pid="$(<"$dev/idProduct")"
    if [[ "$vid" == "$VENDOR" && "$pid" == "$PRODUCT" ]]; then
      if [[ -r "$dev/serial" ]]; then
        cat "$dev/serial"
        return 0
      fi
    fi
  done
  return 1
}

render_rule() {
  local serial="$1"
  cat <<EOF
# key-cabinet controller serial adapter (generated $(date -u +%F) by $(basename "$0"))
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", ATTRS{serial}=="${serial}", SYMLINK+="${LINK}", GROUP="${GROUP}", MODE="0660"
EOF
}

install_rule() {
  local tmp="$1"
  sudo install -o root -g root -m 0644 "$tmp" "${RULES_DIR}/${RULE_NAME}"
  sudo udevadm control --reload-rules
  sudo udevadm trigger --subsystem-match=tty --action=add
  info "rule installed as ${RULES_DIR}/${RULE_NAME}"
}

grant_operator() {
  if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$GROUP"; then
    info "$OPERATOR already in $GROUP"
  else
    sudo usermod -aG "$GROUP" "$OPERATOR"
    info "added $OPERATOR to $GROUP (log out and back in to take effect)"
  fi
}

serial="$(find_adapter)" || fail "no adapter ${VENDOR}:${PRODUCT} with a serial number found"
info "found adapter serial ${serial}"

tmp="$(mktemp --suffix=.rules)"
trap 'rm -f "$tmp"' EXIT
render_rule "$serial" >"$tmp"

install_rule "$tmp"
grant_operator

for _ in 1 2 3 4 5; do
  [[ -e "/dev/${LINK}" ]] && break
  sleep 1
done
if [[ -e "/dev/${LINK}" ]]; then
  info "/dev/${LINK} -> $(readlink -f "/dev/${LINK}")"
else
  fail "/dev/${LINK} did not appear; replug the adapter and check udevadm monitor"
fi
