#!/usr/bin/env bash
# zebra_printer_setup.sh - set up a Zebra ZT/ZD pallet label printer on a
# packing-station PC: raw CUPS queue, stable /dev name through udev, and
# the station user in the lp group so the labelling app can print.
#
#   zebra_printer_setup.sh [-q QUEUE] [-d DPI] [--default]
set -euo pipefail

QUEUE="PALLET_ZPL"
DPI=203
MAKE_DEFAULT=0
RULES_FILE="/etc/udev/rules.d/70-zebra-label.rules"
STATION_USER="${SUDO_USER:-$(id -un)}"

usage() { sed -n '2,6p' "$0"; exit "${1:-0}"; }
msg() { printf '[zebra-setup] %s\n' "$*"; }

while [ $# -gt 0 ]; do
  case "$1" in
    -q) QUEUE="$2"; shift 2 ;;
    -d) DPI="$2"; shift 2 ;;
    --default) MAKE_DEFAULT=1; shift ;;
    -h|--help) usage 0 ;;
    *) usage 2 ;;
  esac
done

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

find_printer() {
  # Zebra's USB vendor id is 0a5f; take the first one on the bus.
  local line
  line="$(lsusb 2>/dev/null | grep -i ' 0a5f:' | head -n1 || true)"
  [ -n "$line" ] || { msg "no Zebra printer found on USB"; return 1; }
  PRODUCT_ID="$(echo "$line" | sed -E 's/.*0a5f:([0-9a-f]{4}).*/\1/I')"
  msg "found Zebra printer, product id $PRODUCT_ID"
  DEVICE_URI="$(lpinfo -v 2>/dev/null | awk '/usb:\/\/Zebra/ {print $2; exit}')"
  [ -n "$DEVICE_URI" ] || DEVICE_URI="usb://Zebra%20Technologies"
}

install_udev_rule() {
  local tmp
  tmp="$(mktemp)"
  cat >"$tmp" <<EOF
# Zebra label printer for the pallet labelling station
SUBSYSTEM=="usb", ATTRS{idVendor}=="0a5f", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="lp", SYMLINK+="zebra-pallet"
SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", ATTRS{idVendor}=="0a5f", MODE="0660", GROUP="lp", SYMLINK+="zebra-pallet-lp"
EOF
  if [ -f "$RULES_FILE" ] && cmp -s "$tmp" "$RULES_FILE"; then
    msg "udev rule unchanged"
  else
    as_root install -o root -g root -m 0644 "$tmp" "$RULES_FILE"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --attr-match=idVendor=0a5f
    msg "installed $RULES_FILE"
  fi
  rm -f "$tmp"
}

setup_queue() {
  if lpstat -p "$QUEUE" >/dev/null 2>&1; then
    msg "queue $QUEUE exists, updating"
  fi
  as_root lpadmin -p "$QUEUE" -E -v "$DEVICE_URI" -m raw \
      -D "Zebra pallet labels ${DPI}dpi" -L "$(hostname -s) packing" \
      -o printer-error-policy=retry-job -o media=Custom.4x6in
  as_root cupsenable "$QUEUE"
  as_root cupsaccept "$QUEUE"
  [ "$MAKE_DEFAULT" -eq 1 ] && as_root lpadmin -d "$QUEUE"
  msg "queue $QUEUE -> $DEVICE_URI"
}

add_user_to_lp() {
  if id -nG "$STATION_USER" | tr ' ' '\n' | grep -qx lp; then
    return 0
  fi
  as_root usermod -aG lp "$STATION_USER"
  msg "added $STATION_USER to lp (log out and back in)"
}

test_label() {
  local zpl
  zpl="^XA^PW$((DPI * 4))^LL$((DPI * 6))^FO40,40^A0N,60,60^FDSETUP OK ${QUEUE}^FS^FO40,140^BCN,120,Y,N,N^FD(00)000000000000000000^FS^XZ"
  printf '%s' "$zpl" | lp -d "$QUEUE" -o raw -t "setup-test" >/dev/null && msg "test label sent"
}

main() {
  command -v lpadmin >/dev/null || { msg "CUPS not installed (apt install cups)"; exit 1; }
  find_printer || exit 1
  install_udev_rule
  setup_queue
  add_user_to_lp
  test_label || msg "test label failed, check 'lpstat -t'"
}

main
