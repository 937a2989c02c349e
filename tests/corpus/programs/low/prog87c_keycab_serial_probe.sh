#!/usr/bin/env bash
# Find the key-cabinet controller's USB serial adapter and draft a udev rule.
#
# The cabinet's FTDI adapter enumerates as ttyUSB0/1/2 depending on plug
# order.  This finds the adapter by vendor/product/serial and writes a udev
# rule into ./generated/ that the site administrator can review and install
# with the depot's configuration management.
#
# Usage: prog87c_keycab_serial_probe.sh [--vendor 0403] [--product 6001] [--group dialout]
set -euo pipefail

VENDOR="0403"
PRODUCT="6001"
GROUP="dialout"
LINK="keycab0"
RULE_NAME="71-keycab-serial.rules"
OUT_DIR="./generated"
OPERATOR="$USER"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --vendor)  VENDOR="$2"; shift 2 ;;
    --product) PRODUCT="$2"; shift 2 ;;
    --group)   GROUP="$2"; shift 2 ;;
    --link)    LINK="$2"; shift 2 ;;
    --out)     OUT_DIR="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
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

check_operator() {
  if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$GROUP"; then
    info "$OPERATOR is in $GROUP"
  else
    info "NOTE: $OPERATOR is not in $GROUP; ask the site admin to add it"
  fi
}

serial="$(find_adapter)" || fail "no adapter ${VENDOR}:${PRODUCT} with a serial number found"
info "found adapter serial ${serial}"

mkdir -p "$OUT_DIR"
render_rule "$serial" >"${OUT_DIR}/${RULE_NAME}"
chmod 0644 "${OUT_DIR}/${RULE_NAME}"
info "rule written to ${OUT_DIR}/${RULE_NAME}"

check_operator

current=""
for tty in /dev/ttyUSB*; do
  [[ -e "$tty" ]] || continue
  current+="${tty} "
done
info "serial devices present now: ${current:-none}"
info "after install the cabinet bridge should use /dev/${LINK}"
