#!/usr/bin/env bash
# Give the kiosk user access to the thermal ticket printer on USB.
# Usage: prog209d_printer_port_setup.sh [--vendor 0x0416] [--product 0x5011] [--user kiosk]
set -euo pipefail

VENDOR="${PRINTER_VENDOR:-0416}"
PRODUCT="${PRINTER_PRODUCT:-5011}"
KIOSK_USER="${KIOSK_USER:-kiosk}"
RULE_NAME="60-ticket-printer.rules"
declare -a ELEV=(sudo)
declare -a DEV_CANDIDATES=(/dev/usb/lp0 /dev/usb/lp1 /dev/ttyUSB0)

say() { printf '[printer-setup] %s\n' "$*" >&2; }

rule_dir() { printf '/%s/%s/%s' etc udev rules.d; }

render_rule() {
  cat <<EOF
# ticket printer ${VENDOR}:${PRODUCT}
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", MODE="0660", GROUP="lp"
KERNEL=="lp[0-9]*", SUBSYSTEMS=="usb", ATTRS{idVendor}=="${VENDOR}", MODE="0660", GROUP="lp"
EOF
}

install_rule() {
  local dest
  dest="$(rule_dir)/$RULE_NAME"
  if [[ -f "$dest" ]] && diff -q <(render_rule) "$dest" >/dev/null; then
    say "rule unchanged"
    return 0
  fi
  render_rule | "${ELEV[@]}" tee "$dest" >/dev/null
  "${ELEV[@]}" chmod 0644 "$dest"
  "${ELEV[@]}" udevadm control --reload-rules
  "${ELEV[@]}" udevadm trigger --subsystem-match=usb
  say "installed $dest"
}

join_group() {
  if id -nG "$KIOSK_USER" | tr ' ' '\n' | grep -qx lp; then
    say "$KIOSK_USER already in lp"
  else
    "${ELEV[@]}" usermod -aG lp "$KIOSK_USER"
    say "added $KIOSK_USER to lp"
  fi
}

fix_present_nodes() {
  local node
  for node in "${DEV_CANDIDATES[@]}"; do
    [[ -e "$node" ]] || continue
    "${ELEV[@]}" chgrp lp "$node"
    "${ELEV[@]}" chmod 0660 "$node"
    say "adjusted $node"
  done
}

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --vendor) VENDOR="${2#0x}"; shift 2 ;;
      --product) PRODUCT="${2#0x}"; shift 2 ;;
      --user) KIOSK_USER="$2"; shift 2 ;;
      -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
      *) say "unknown option $1"; exit 2 ;;
    esac
  done
}

main() {
  parse_args "$@"
  id "$KIOSK_USER" >/dev/null 2>&1 || { say "no such user $KIOSK_USER"; exit 1; }
  local step
  for step in install_rule join_group fix_present_nodes; do
    "$step" || { say "$step failed"; exit 1; }
  done
  say "done; replug the printer if it is not detected"
}

main "$@"
