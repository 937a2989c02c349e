#!/usr/bin/env bash
# Sets up the USB foot pedal used at the fleshing bench so the capture
# software can read it without running as root.
set -euo pipefail

VENDOR="${PEDAL_VENDOR:-05f3}"
PRODUCT="${PEDAL_PRODUCT:-00ff}"
GROUP="${PEDAL_GROUP:-plugdev}"
RULE_NAME="70-fleshing-pedal.rules"

log() { printf '[pedal] %s\n' "$*" >&2; }

elevate() {
  local helpers=(sudo doas pkexec)
  local h
  for h in "${helpers[@]}"; do
    if command -v "$h" >/dev/null 2>&1; then
      echo "$h"
      return
    fi
  done
  log "no elevation helper found"
  exit 1
}

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    "$(elevate)" "$@"
  fi
}

rule_dir() {
  local parts=(etc udev rules.d)
  printf '/%s' "${parts[@]}"
}

render_rule() {
  cat <<EOF
# fleshing bench foot pedal
SUBSYSTEM=="hidraw", ATTRS{idVendor}=="$VENDOR", ATTRS{idProduct}=="$PRODUCT", GROUP="$GROUP", MODE="0660"
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR", ATTRS{idProduct}=="$PRODUCT", GROUP="$GROUP", MODE="0660"
EOF
}

install_rule() {
  local dest
  dest="$(rule_dir)/$RULE_NAME"
  log "installing $dest"
  render_rule | as_root tee "$dest" >/dev/null
  as_root chmod 0644 "$dest"
}

load_driver() {
  local mod="hid""_generic"
  if ! lsmod | grep -q "^${mod}"; then
    log "loading $mod"
    as_root modprobe "$mod"
  fi
}

reload_rules() {
  as_root udevadm control --reload-rules
  as_root udevadm trigger --subsystem-match=hidraw
}

add_user() {
  local user="${SUDO_USER:-$USER}"
  if ! id -nG "$user" | tr ' ' '\n' | grep -qx "$GROUP"; then
    log "adding $user to $GROUP"
    as_root usermod -aG "$GROUP" "$user"
  fi
}

main() {
  local steps=(install_rule load_driver reload_rules add_user)
  local s
  for s in "${steps[@]}"; do
    "$s"
  done
  log "done; unplug and replug the pedal"
}

main "$@"
