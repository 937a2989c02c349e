#!/usr/bin/env bash
# dosing_pump_udev_setup.sh - stable device names for the lido dosing pumps
#
# The chlorine and acid peristaltic pumps each hang off a USB-RS485 adapter.
# Their /dev/ttyUSBn numbers swap around after every power cut, which once had
# the acid pump receiving the chlorine setpoint.  This script reads pumps.conf
# (name,serial pairs) in the current directory, writes a udev rule giving each
# adapter a fixed /dev/dosing-<name> symlink, and lets the plant-room account
# open them without root.
#
# usage: ./dosing_pump_udev_setup.sh [-c pumps.conf] [-u user] [--detect]

set -euo pipefail

CONF="pumps.conf"
TARGET_USER="${SUDO_USER:-$USER}"
RULES=/etc/udev/rules.d/71-lido-dosing.rules
DETECT=0

while [ $# -gt 0 ]; do
  case "$1" in
    -c) CONF="$2"; shift 2 ;;
    -u) TARGET_USER="$2"; shift 2 ;;
    --detect) DETECT=1; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

info() { printf '\033[1;34m::\033[0m %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

detect_adapters() {
  info "USB serial adapters currently attached:"
  for dev in /dev/ttyUSB*; do
    [ -e "$dev" ] || continue
    serial=$(udevadm info -q property -n "$dev" | sed -n 's/^ID_SERIAL_SHORT=//p')
    model=$(udevadm info -q property -n "$dev" | sed -n 's/^ID_MODEL=//p')
    printf '  %-14s serial=%-18s model=%s\n' "$dev" "${serial:-?}" "${model:-?}"
  done
}

build_rules() {
  local name serial
  echo "# Lido dosing pumps - generated $(date -I) from $CONF"
  while IFS=, read -r name serial; do
    case "$name" in ''|\#*) continue ;; esac
    name=$(echo "$name" | tr -cd 'a-z0-9_-')
    serial=$(echo "$serial" | tr -d '[:space:]')
    [ -n "$name" ] && [ -n "$serial" ] || continue
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{serial}=="%s", SYMLINK+="dosing-%s", GROUP="dialout", MODE="0660"\n' \
      "$serial" "$name"
  done < "$CONF"
}

if [ "$DETECT" -eq 1 ]; then
  detect_adapters
  exit 0
fi

[ -r "$CONF" ] || fail "cannot read $CONF (run with --detect to list adapters)"
id "$TARGET_USER" >/dev/null 2>&1 || fail "no such user $TARGET_USER"

rules_text=$(build_rules)
count=$(grep -c 'SYMLINK' <<<"$rules_text" || true)
[ "$count" -gt 0 ] || fail "no pumps defined in $CONF"

info "installing $count pump rule(s) to $RULES"
printf '%s\n' "$rules_text" | as_root tee "$RULES" >/dev/null
as_root chmod 0644 "$RULES"

info "reloading udev"
as_root udevadm control --reload-rules
as_root udevadm trigger --subsystem-match=tty --action=add

if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
  info "adding $TARGET_USER to dialout"
  as_root usermod -aG dialout "$TARGET_USER"
  echo "   $TARGET_USER must log out and back in for the group to apply"
fi

sleep 1
for link in /dev/dosing-*; do
  [ -e "$link" ] && info "ok: $link -> $(readlink -f "$link")"
done
