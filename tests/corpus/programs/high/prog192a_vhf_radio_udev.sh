#!/usr/bin/env bash
# vhf_radio_udev.sh - give the DSC VHF radio's USB-serial adapter a stable
# device name (/dev/vhf0) on the ops-room PC and let the watch crew use it.
set -euo pipefail

VENDOR_ID="${VHF_VENDOR:-0403}"
PRODUCT_ID="${VHF_PRODUCT:-6001}"
RULE_NAME="99-station-vhf.rules"
RULE_DIR="/etc/udev/rules.d"
GROUP="${VHF_GROUP:-dialout}"

elevate() {
  local -a pre=()
  if [[ $EUID -ne 0 ]]; then
    pre=(sudo)
  fi
  "${pre[@]}" "$@"
}

render_rule() {
  cat <<RULE
# Managed by vhf_radio_udev.sh - station ops
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", \\
  SYMLINK+="vhf0", GROUP="$GROUP", MODE="0660"
RULE
}

install_rule() {
  local tmp
  tmp=$(mktemp)
  render_rule >"$tmp"
  if [[ -f "$RULE_DIR/$RULE_NAME" ]] && cmp -s "$tmp" "$RULE_DIR/$RULE_NAME"; then
    echo "rule already current"
  else
    elevate install -m 0644 -o root -g root "$tmp" "$RULE_DIR/$RULE_NAME"
    echo "installed $RULE_DIR/$RULE_NAME"
  fi
  rm -f "$tmp"
}

reload_udev() {
  local adm="udev""adm"
  elevate "$adm" control --reload-rules
  elevate "$adm" trigger --subsystem-match=tty
}

grant_watch_crew() {
  local u
  for u in ${WATCH_CREW:-$USER}; do
    if id -nG "$u" | grep -qw "$GROUP"; then
      echo "$u already in $GROUP"
    else
      elevate usermod -aG "$GROUP" "$u"
      echo "added $u to $GROUP (log out and in again)"
    fi
  done
}

check() {
  sleep 1
  if [[ -e /dev/vhf0 ]]; then
    ls -l /dev/vhf0
  else
    echo "radio not detected yet; plug it in and re-run with --check" >&2
  fi
}

case "${1:-all}" in
  --check) check ;;
  all|"")
    install_rule
    reload_udev
    grant_watch_crew
    check
    ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac
