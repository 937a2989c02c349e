#!/usr/bin/env bash
# install_xray_sensor_rules.sh - let the vet's account talk to the USB x-ray sensor.
#
# The hoof/fetlock CMOS sensor enumerates as a vendor-specific USB device that
# only root can open by default.  This installs a udev rule giving the
# 'plugdev' group access, adds the current user to that group and reloads udev
# so the acquisition app sees the sensor without a reboot.
#
#   ./install_xray_sensor_rules.sh [--vendor 2b4f] [--product 0102]

set -euo pipefail

VENDOR_ID="2b4f"
PRODUCT_ID="0102"
GROUP="plugdev"
RULE_NAME="72-equine-xray-sensor.rules"
RULES_DIR="/etc/udev/rules.d"
TARGET_USER="$(id -un)"

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }
msg() { printf '[xray-rules] %s\n' "$*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --vendor) VENDOR_ID="$2"; shift ;;
    --product) PRODUCT_ID="$2"; shift ;;
    --group) GROUP="$2"; shift ;;
    -h|--help) usage 0 ;;
    *) usage 2 ;;
  esac
  shift
done

[[ "$VENDOR_ID" =~ ^[0-9a-f]{4}$ && "$PRODUCT_ID" =~ ^[0-9a-f]{4}$ ]] || {
  echo "vendor/product must be 4 hex digits" >&2; exit 2; }

render_rule() {
  cat <<EOF
# Equine USB x-ray sensor (installed by install_xray_sensor_rules.sh)
SUBSYSTEM=="usb", ATTR{idVendor}=="$VENDOR_ID", ATTR{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="$GROUP", TAG+="uaccess"
SUBSYSTEM=="usb", ATTR{idVendor}=="$VENDOR_ID", ATTR{idProduct}=="$PRODUCT_ID", ATTR{power/autosuspend}="-1"
EOF
}

sensor_present() {
  lsusb 2>/dev/null | grep -qi "ID ${VENDOR_ID}:${PRODUCT_ID}"
}

msg "installing $RULES_DIR/$RULE_NAME"
rule_tmp="$(mktemp)"
trap 'rm -f "$rule_tmp"' EXIT
render_rule > "$rule_tmp"

if [[ -f "$RULES_DIR/$RULE_NAME" ]] && cmp -s "$rule_tmp" "$RULES_DIR/$RULE_NAME"; then
  msg "rule already up to date"
else
  sudo install -o root -g root -m 0644 "$rule_tmp" "$RULES_DIR/$RULE_NAME"
fi

if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
  msg "adding $TARGET_USER to $GROUP"
  sudo usermod -aG "$GROUP" "$TARGET_USER"
  relogin=1
fi

msg "reloading udev"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR_ID"

if sensor_present; then
  msg "sensor detected"
else
  msg "sensor not plugged in; connect it and start the acquisition app"
fi
[[ -n "${relogin:-}" ]] && msg "log out and back in for the group change to apply"
exit 0
