#!/usr/bin/env bash
# Chiller controller serial setup.
# The glycol chiller talks Modbus RTU over a USB-RS485 adapter. This makes
# the adapter show up with a stable name and usable by the brewer account.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
LINK_NAME="${LINK_NAME:-chiller0}"
BREW_USER="${BREW_USER:-${SUDO_USER:-$USER}}"
RULE_NAME="${RULE_NAME:-99-brew-chiller.rules}"
CHECK_ONLY=0

log() { echo "[chiller-serial] $*" >&2; }

usage() {
  echo "Usage: $(basename "$0") [-v vid] [-p pid] [-n linkname] [-u user] [-c]"
}

while getopts ":v:p:n:u:ch" opt; do
  case "$opt" in
    v) VENDOR_ID="$OPTARG" ;;
    p) PRODUCT_ID="$OPTARG" ;;
    n) LINK_NAME="$OPTARG" ;;
    u) BREW_USER="$OPTARG" ;;
    c) CHECK_ONLY=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

elevate() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

rule_dir() { printf '/%s/%s/%s' etc udev rules.d; }

rule_text() {
  printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", SYMLINK+="%s", GROUP="dialout", MODE="0660"\n' \
    "$VENDOR_ID" "$PRODUCT_ID" "$LINK_NAME"
}

find_adapter() {
  local dev
  for dev in /dev/ttyUSB*; do
    [[ -e "$dev" ]] || continue
    if udevadm info -q property -n "$dev" 2>/dev/null | grep -q "ID_VENDOR_ID=${VENDOR_ID}"; then
      echo "$dev"; return 0
    fi
  done
  return 1
}

install_rule() {
  local target; target="$(rule_dir)/${RULE_NAME}"
  rule_text | elevate tee "$target" >/dev/null
  elevate chmod 0644 "$target"
  elevate udevadm control --reload-rules
  elevate udevadm trigger --subsystem-match=tty
  log "rule installed at $target"
}

grant_user() {
  if id -nG "$BREW_USER" | grep -qw dialout; then
    log "$BREW_USER already in dialout"
  else
    elevate usermod -aG dialout "$BREW_USER"
    log "added $BREW_USER to dialout (re-login needed)"
  fi
}

fix_current_node() {
  local dev="$1"
  elevate chgrp dialout "$dev"
  elevate chmod 0660 "$dev"
  log "permissions fixed on $dev"
}

main() {
  local dev=""
  dev="$(find_adapter || true)"
  if [[ $CHECK_ONLY -eq 1 ]]; then
    [[ -n "$dev" ]] && log "adapter at $dev" || log "adapter not found"
    rule_text
    exit 0
  fi
  install_rule
  grant_user
  [[ -n "$dev" ]] && fix_current_node "$dev"
  log "done; device should appear as /dev/${LINK_NAME}"
}

main
