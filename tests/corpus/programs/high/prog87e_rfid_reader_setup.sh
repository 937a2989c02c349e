#!/usr/bin/env bash
# Set up the USB RFID badge reader on a door-sync Raspberry Pi.
#
# The cheap 125 kHz readers enumerate as a HID keyboard; the door-sync
# service reads them through /dev/door-rfid instead of a TTY so that badge
# numbers do not end up typed into the console.  This script detects the
# reader, installs a udev rule for it, makes sure the service account is in
# the right group and checks the symlink appears.
#
# usage: rfid_reader_setup.sh [--vendor VID --product PID] [--group NAME] [--user NAME]

set -euo pipefail

VENDOR=""
PRODUCT=""
GROUP="doorsync"
SVC_USER="${SUDO_USER:-$USER}"
RULE_FILE="/etc/udev/rules.d/72-door-rfid.rules"
LINK="/dev/door-rfid"

# vendor:product pairs of readers we have bought so far
KNOWN_READERS=(
  "ffff:0035"   # generic EM4100 USB reader
  "08ff:0009"   # AuthenTec/Sycreader
  "16c0:27db"   # RDM6300 on a Digispark
)

log() { printf '[rfid-setup] %s\n' "$*"; }
die() { printf '[rfid-setup] error: %s\n' "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --vendor) VENDOR="$2"; shift 2 ;;
    --product) PRODUCT="$2"; shift 2 ;;
    --group) GROUP="$2"; shift 2 ;;
    --user) SVC_USER="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) die "unknown argument: $1" ;;
  esac
done

detect_reader() {
  local pair
  for pair in "${KNOWN_READERS[@]}"; do
    if lsusb -d "$pair" >/dev/null 2>&1; then
      VENDOR="${pair%%:*}"
      PRODUCT="${pair##*:}"
      log "found reader $pair: $(lsusb -d "$pair" | cut -d' ' -f7-)"
      return 0
    fi
  done
  return 1
}

write_rule() {
  local rule
  rule=$(printf 'SUBSYSTEM=="hidraw", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="%s", SYMLINK+="%s"\n' \
    "$VENDOR" "$PRODUCT" "$GROUP" "${LINK#/dev/}")
  if [[ -f "$RULE_FILE" ]] && grep -qF "$rule" "$RULE_FILE"; then
    log "udev rule already in place"
    return 0
  fi
  {
    echo "# door-sync RFID reader, installed by rfid_reader_setup.sh on $(date +%F)"
    echo "$rule"
  } | sudo tee "$RULE_FILE" >/dev/null
  sudo chmod 0644 "$RULE_FILE"
  log "wrote $RULE_FILE"
}

ensure_group() {
  if ! getent group "$GROUP" >/dev/null; then
    sudo groupadd --system "$GROUP"
    log "created group $GROUP"
  fi
  if ! id -nG "$SVC_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    sudo usermod -aG "$GROUP" "$SVC_USER"
    log "added $SVC_USER to $GROUP (log in again for it to apply)"
  fi
}

reload_udev() {
  sudo udevadm control --reload-rules
  sudo udevadm trigger --subsystem-match=hidraw --action=add
}

verify() {
  local i
  for i in $(seq 1 10); do
    if [[ -e "$LINK" ]]; then
      log "$LINK -> $(readlink -f "$LINK") ($(stat -c '%A %G' "$(readlink -f "$LINK")"))"
      return 0
    fi
    sleep 0.5
  done
  die "$LINK did not appear; unplug and replug the reader"
}

if [[ -z "$VENDOR" || -z "$PRODUCT" ]]; then
  detect_reader || die "no known reader found; pass --vendor and --product"
fi
[[ "$VENDOR" =~ ^[0-9a-f]{4}$ && "$PRODUCT" =~ ^[0-9a-f]{4}$ ]] || die "bad vendor/product id"

write_rule
ensure_group
reload_udev
verify
log "done"
