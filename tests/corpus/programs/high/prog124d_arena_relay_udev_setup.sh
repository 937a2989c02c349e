#!/usr/bin/env bash
# arena_relay_udev_setup.sh - one-off setup for the USB relay board that
# switches the indoor arena floodlights and the lunge-pen lights from the
# booking PC.  Gives the board a stable name (/dev/arena-relay) and lets the
# booking user drive it without root.
#
#   ./arena_relay_udev_setup.sh [-u booking_user] [-n]
set -euo pipefail

RELAY_VID="16c0"
RELAY_PID="05df"
RULE_NAME="72-arena-relay.rules"
RULE_DIR="/etc/udev/rules.d"
TARGET_USER="${SUDO_USER:-$USER}"
GROUP="arenalights"
DRY=0

info() { printf '\e[1m==>\e[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

while getopts ":u:n" o; do
  case $o in
    u) TARGET_USER=$OPTARG ;;
    n) DRY=1 ;;
    *) echo "usage: $0 [-u user] [-n]" >&2; exit 2 ;;
  esac
done

run() {
  if [[ $DRY -eq 1 ]]; then printf '  would run: %s\n' "$*"; else "$@"; fi
}

SUDO=""
if [[ $EUID -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "need root or sudo" >&2; exit 1; }
  SUDO="sudo"
fi

detect_board() {
  if lsusb -d "${RELAY_VID}:${RELAY_PID}" >/dev/null 2>&1; then
    info "relay board found: $(lsusb -d ${RELAY_VID}:${RELAY_PID} | cut -d' ' -f7-)"
  else
    warn "relay board not plugged in; installing rule anyway"
  fi
}

rule_text() {
  cat <<EOF
# Arena floodlight relay board (installed by arena_relay_udev_setup.sh)
SUBSYSTEM=="usb", ATTRS{idVendor}=="${RELAY_VID}", ATTRS{idProduct}=="${RELAY_PID}", MODE="0660", GROUP="${GROUP}"
SUBSYSTEM=="hidraw", ATTRS{idVendor}=="${RELAY_VID}", ATTRS{idProduct}=="${RELAY_PID}", MODE="0660", GROUP="${GROUP}", SYMLINK+="arena-relay"
EOF
}

install_rule() {
  local dest="$RULE_DIR/$RULE_NAME"
  if [[ -f $dest ]] && diff -q <(rule_text) "$dest" >/dev/null; then
    info "udev rule already current"
    return
  fi
  info "writing $dest"
  if [[ $DRY -eq 1 ]]; then rule_text; return; fi
  rule_text | $SUDO tee "$dest" >/dev/null
  $SUDO chmod 0644 "$dest"
}

setup_group() {
  if ! getent group "$GROUP" >/dev/null; then
    info "creating group $GROUP"
    run $SUDO groupadd --system "$GROUP"
  fi
  if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    info "adding $TARGET_USER to $GROUP (log out and back in afterwards)"
    run $SUDO usermod -aG "$GROUP" "$TARGET_USER"
  fi
}

reload_udev() {
  info "reloading udev rules"
  run $SUDO udevadm control --reload-rules
  run $SUDO udevadm trigger --subsystem-match=usb --subsystem-match=hidraw \
    --attr-match=idVendor="$RELAY_VID"
}

detect_board
install_rule
setup_group
reload_udev
info "done. lights can be driven via /dev/arena-relay by $TARGET_USER"
