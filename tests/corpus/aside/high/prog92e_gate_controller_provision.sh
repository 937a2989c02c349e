#!/usr/bin/env bash
# Provision a kiosk PC to talk to the gate keypad controller over USB serial.
#
#  - installs a udev rule so the controller always appears as /dev/gatectl
#  - adds the kiosk service account to the dialout group
#  - sets the serial line defaults the controller firmware expects
#
# Usage: gate_controller_provision.sh [-u kiosk_user] [-b baud]
set -euo pipefail

KIOSK_USER=${KIOSK_USER:-kiosk}
BAUD=19200
VENDOR_ID=1a86      # CH340 bridge on the Doorking / PTI boards we ship
PRODUCT_ID=7523
RULE=/etc/udev/rules.d/71-gate-controller.rules
LOGFILE=./provision.log

usage() { grep '^#' "$0" | sed -n '2,8p' | cut -c3-; exit 1; }

while getopts "u:b:h" o; do
  case $o in
    u) KIOSK_USER=$OPTARG ;;
    b) BAUD=$OPTARG ;;
    *) usage ;;
  esac
done

exec > >(tee -a "$LOGFILE") 2>&1
echo "--- provisioning $(hostname) $(date -Is)"

if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
  $SUDO -v || { echo "need sudo rights to provision"; exit 1; }
else
  SUDO=
fi

id "$KIOSK_USER" >/dev/null 2>&1 || { echo "no such user $KIOSK_USER"; exit 1; }

rule_body() {
  cat <<EOF
# gate keypad controller (installed by gate_controller_provision.sh)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", \\
  SYMLINK+="gatectl", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
  if [ -f "$RULE" ] && diff -q <(rule_body) "$RULE" >/dev/null; then
    echo "udev rule already current"
    return
  fi
  rule_body | $SUDO tee "$RULE" >/dev/null
  $SUDO chmod 0644 "$RULE"
  $SUDO udevadm control --reload-rules
  $SUDO udevadm trigger --subsystem-match=tty --action=add
  echo "udev rule installed at $RULE"
}

join_dialout() {
  if id -nG "$KIOSK_USER" | tr ' ' '\n' | grep -qx dialout; then
    echo "$KIOSK_USER already in dialout"
  else
    $SUDO usermod -aG dialout "$KIOSK_USER"
    echo "added $KIOSK_USER to dialout (takes effect at next login)"
  fi
}

wait_for_device() {
  for _ in $(seq 1 10); do
    [ -e /dev/gatectl ] && return 0
    sleep 1
  done
  return 1
}

configure_line() {
  $SUDO stty -F /dev/gatectl "$BAUD" cs8 -cstopb -parenb raw -echo
  echo "serial line set to ${BAUD} 8N1"
}

install_rule
join_dialout
if wait_for_device; then
  configure_line
  echo "controller present at $(readlink -f /dev/gatectl)"
else
  echo "controller not plugged in; rule will apply when it is"
fi
echo "--- done"
