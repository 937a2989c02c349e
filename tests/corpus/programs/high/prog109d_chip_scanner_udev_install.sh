#!/usr/bin/env bash
# Install support for the Halo/AVID-style USB microchip readers used in the
# vet room. The readers enumerate as CP210x serial adapters; by default only
# root and the dialout group can open them, and the device name changes when
# two readers are plugged in. This gives each reader a stable
# /dev/chipreader-<serial> name that the intake software can open.
#
# usage: chip_scanner_udev_install.sh [--vendor 10c4] [--product ea60] [--group shelter]

set -euo pipefail

VENDOR=10c4
PRODUCT=ea60
GROUP=plugdev
RULES_FILE=/etc/udev/rules.d/71-chip-reader.rules

while [[ $# -gt 0 ]]; do
  case $1 in
    --vendor)  VENDOR=$2; shift 2 ;;
    --product) PRODUCT=$2; shift 2 ;;
    --group)   GROUP=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

if [[ $EUID -ne 0 ]]; then
  echo "re-running with sudo..."
  exec sudo --preserve-env=PATH "$0" --vendor "$VENDOR" --product "$PRODUCT" --group "$GROUP"
fi

log() { echo "[chip-udev] $*"; }

write_rules() {
  local tmp
  tmp=$(mktemp)
  cat > "$tmp" <<EOF
# Microchip readers (installed by chip_scanner_udev_install.sh)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR", ATTRS{idProduct}=="$PRODUCT", \\
  MODE="0660", GROUP="$GROUP", SYMLINK+="chipreader-%s{serial}"
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR", ATTRS{idProduct}=="$PRODUCT", \\
  ENV{ID_MM_DEVICE_IGNORE}="1"
EOF
  if [[ -f $RULES_FILE ]] && cmp -s "$tmp" "$RULES_FILE"; then
    log "rules unchanged"
    rm -f "$tmp"
    return 1
  fi
  install -o root -g root -m 0644 "$tmp" "$RULES_FILE"
  rm -f "$tmp"
  log "wrote $RULES_FILE"
}

reload_udev() {
  udevadm control --reload-rules
  udevadm trigger --subsystem-match=tty --action=add
  udevadm settle --timeout=10 || true
}

fix_present_devices() {
  # readers already plugged in keep their old permissions until replugged
  local dev found=0
  for dev in /dev/ttyUSB*; do
    [[ -e $dev ]] || continue
    if udevadm info -q property -n "$dev" | grep -q "ID_VENDOR_ID=$VENDOR"; then
      chgrp "$GROUP" "$dev"
      chmod 0660 "$dev"
      log "adjusted $dev"
      found=1
    fi
  done
  (( found )) || log "no readers currently connected"
}

add_users() {
  local u
  for u in ${CHIP_READER_USERS:-}; do
    usermod -aG "$GROUP" "$u" && log "added $u to $GROUP"
  done
}

getent group "$GROUP" >/dev/null || groupadd --system "$GROUP"
if write_rules; then
  reload_udev
fi
fix_present_devices
add_users
ls -l /dev/chipreader-* 2>/dev/null || log "plug in a reader to create /dev/chipreader-*"
