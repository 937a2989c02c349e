#!/usr/bin/env bash
# Give the studio user stable access to the kiln controller's USB-serial link.
# The Bartlett-style controller shows up as an FTDI adapter; without a rule it
# lands on a random /dev/ttyUSBn owned by root:dialout.
set -euo pipefail

VENDOR_ID="${KILN_USB_VENDOR:-0403}"
PRODUCT_ID="${KILN_USB_PRODUCT:-6001}"
LINK_NAME="${KILN_LINK:-kiln0}"
STUDIO_GROUP="${STUDIO_GROUP:-dialout}"
RULE_DIR=/etc/udev/rules.d
RULE_FILE="$RULE_DIR/72-leadline-kiln.rules"

elevate=(sudo -n)
[[ "${KILN_ASK_PASSWORD:-0}" == 1 ]] && elevate=(sudo)

log() { printf '[kiln-udev] %s\n' "$*" >&2; }

as_root() { "${elevate[@]}" "$@"; }

render_rule() {
  cat <<RULE
# managed by prog195a_kiln_controller_udev.sh
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", \\
  SYMLINK+="$LINK_NAME", GROUP="$STUDIO_GROUP", MODE="0660"
RULE
}

install_rule() {
  local tmp
  tmp="$(mktemp)"
  render_rule > "$tmp"
  if [[ -f "$RULE_FILE" ]] && cmp -s "$tmp" "$RULE_FILE"; then
    log "rule already current"
    rm -f "$tmp"
    return 1
  fi
  as_root install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
  rm -f "$tmp"
  log "wrote $RULE_FILE"
}

reload_udev() {
  local actions=("control --reload-rules" "trigger --subsystem-match=tty")
  local a
  for a in "${actions[@]}"; do
    # shellcheck disable=SC2086
    as_root udevadm $a
  done
}

join_group() {
  local user="${SUDO_USER:-$USER}"
  if id -nG "$user" | tr ' ' '\n' | grep -qx "$STUDIO_GROUP"; then
    log "$user already in $STUDIO_GROUP"
  else
    as_root usermod -aG "$STUDIO_GROUP" "$user"
    log "added $user to $STUDIO_GROUP; log out and back in"
  fi
}

check_link() {
  if [[ -e "/dev/$LINK_NAME" ]]; then
    ls -l "/dev/$LINK_NAME"
  else
    log "/dev/$LINK_NAME not present yet; plug the controller in"
  fi
}

main() {
  if install_rule; then
    reload_udev
  fi
  join_group
  check_link
}

main "$@"
