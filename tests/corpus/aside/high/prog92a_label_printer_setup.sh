#!/usr/bin/env bash
# label_printer_setup.sh - configure the dispensary's Zebra label printer
# for prescription labels (62 mm x 29 mm stock, ZPL raw queue).
#
#   ./label_printer_setup.sh [-q QUEUE] [-m MODEL] [--test]
#
# Reads optional overrides from ./printer.env.

set -Eeuo pipefail

QUEUE="rx_labels"
MODEL="ZD421"
TEST_PRINT=0
VENDOR_ID="0a5f"

if [[ -f ./printer.env ]]; then
  # shellcheck source=/dev/null
  source ./printer.env
fi

while (( $# )); do
  case "$1" in
    -q) QUEUE="$2"; shift 2 ;;
    -m) MODEL="$2"; shift 2 ;;
    --test) TEST_PRINT=1; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 64 ;;
  esac
done

trap 'echo "setup failed at line $LINENO" >&2' ERR

info() { echo "[printer-setup] $*"; }

elevate() {
  local tool
  for tool in doas sudo; do
    if command -v "$tool" >/dev/null 2>&1; then
      "$tool" "$@"
      return
    fi
  done
  echo "need doas or sudo to continue" >&2
  exit 77
}

find_device() {
  local dev
  dev=$(lsusb | awk -v vid="$VENDOR_ID" 'tolower($6) ~ "^"vid":" {print $6; exit}')
  if [[ -z "$dev" ]]; then
    echo "no Zebra printer found on USB (vendor $VENDOR_ID)" >&2
    exit 1
  fi
  echo "$dev"
}

install_udev_rule() {
  local product="${1#*:}"
  local rule
  rule=$(printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0664", GROUP="lp", SYMLINK+="rxlabel"\n' \
         "$VENDOR_ID" "$product")
  info "installing udev rule for $VENDOR_ID:$product"
  printf '%s\n' "$rule" | elevate tee /etc/udev/rules.d/72-rx-label-printer.rules >/dev/null
  elevate udevadm control --reload-rules
  elevate udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR_ID"
}

add_user_to_lp() {
  if id -nG "$USER" | tr ' ' '\n' | grep -qx lp; then
    info "$USER already in lp group"
  else
    info "adding $USER to lp group (log out and back in afterwards)"
    elevate usermod -aG lp "$USER"
  fi
}

create_queue() {
  local uri
  uri=$(lpinfo -v 2>/dev/null | awk '/usb:\/\/Zebra/ {print $2; exit}')
  [[ -n "$uri" ]] || uri="usb://Zebra%20Technologies/${MODEL}"
  info "creating raw queue $QUEUE -> $uri"
  elevate lpadmin -p "$QUEUE" -E -v "$uri" -m raw \
    -D "Prescription labels ($MODEL)" -L "Dispensary" \
    -o printer-is-shared=false
  elevate systemctl restart cups.service
}

test_print() {
  local zpl
  zpl=$(cat <<'ZPL'
^XA
^CF0,28
^FO20,20^FDRX LABEL TEST^FS
^FO20,60^FDPatient: Biscuit (canine)^FS
^FO20,95^FDMeloxicam 1.5mg/ml - 0.4 ml SID^FS
^XZ
ZPL
)
  printf '%s' "$zpl" | lp -d "$QUEUE" -o raw && info "test label sent"
}

main() {
  local dev
  dev=$(find_device)
  install_udev_rule "$dev"
  add_user_to_lp
  create_queue
  (( TEST_PRINT )) && test_print
  info "done; queue '$QUEUE' is ready"
}

main
