#!/usr/bin/env bash
# Set up the USB receipt printer and cash drawer on a new front-desk PC.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-04b8}"
PRODUCT_ID="${PRODUCT_ID:-0202}"
QUEUE="${QUEUE:-frontdesk_receipts}"
STAFF_GROUP="${STAFF_GROUP:-lp}"
RULE_NAME="60-salon-receipt.rules"
declare -a ELEVATE=()

log() { printf '[printer-setup] %s\n' "$*"; }

pick_elevation() {
  if [[ $EUID -eq 0 ]]; then
    ELEVATE=()
  else
    local tools=(sudo doas)
    local t
    for t in "${tools[@]}"; do
      if command -v "$t" >/dev/null 2>&1; then ELEVATE=("$t"); return; fi
    done
    log "need root or sudo"; exit 1
  fi
}

as_root() { "${ELEVATE[@]}" "$@"; }

rule_dir() {
  local p=(etc udev rules.d)
  printf '/%s' "${p[@]}"
}

install_rule() {
  local dest
  dest="$(rule_dir)/$RULE_NAME"
  as_root tee "$dest" >/dev/null <<RULE
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0664", GROUP="$STAFF_GROUP", SYMLINK+="receipt0"
RULE
  as_root chmod 0644 "$dest"
  as_root udevadm control --reload-rules
  as_root udevadm trigger --subsystem-match=usb
  log "udev rule installed at $dest"
}

load_modules() {
  local mods=(usblp)
  local m
  for m in "${mods[@]}"; do
    if ! lsmod | grep -q "^$m "; then
      as_root modprobe "$m" && log "loaded $m"
    fi
  done
}

configure_queue() {
  if ! command -v lpadmin >/dev/null; then
    log "CUPS not installed; skipping queue"
    return
  fi
  as_root systemctl enable --now cups.service
  as_root lpadmin -p "$QUEUE" -E -v "usb://EPSON/TM-T20?serial=auto" -m raw
  as_root lpadmin -d "$QUEUE"
  log "queue $QUEUE ready"
}

add_staff() {
  local u="${SUDO_USER:-$USER}"
  if ! id -nG "$u" | grep -qw "$STAFF_GROUP"; then
    as_root usermod -aG "$STAFF_GROUP" "$u"
    log "added $u to $STAFF_GROUP (log out and back in)"
  fi
}

main() {
  case "${1:-all}" in
    all)   pick_elevation; install_rule; load_modules; configure_queue; add_staff ;;
    rule)  pick_elevation; install_rule ;;
    queue) pick_elevation; configure_queue ;;
    *) echo "usage: $0 [all|rule|queue]" >&2; exit 64 ;;
  esac
  log "finished"
}

main "$@"
