#!/usr/bin/env bash
# serial_adapter_rules.sh - give the bindery operators' group access to the
# USB-serial adapter that links the floor PC to the guillotine controller.
#
# Writes a device rule for the adapter (FTDI 0403:6001 by default), reloads
# the device manager and fixes up any adapter that is already plugged in.
#
# usage: serial_adapter_rules.sh [-g group] [-v vendor] [-p product] [-n]
#   -n  show the rule, write nothing

set -u

GROUP="bindery"
VENDOR="0403"
PRODUCT="6001"
DRY=0
RULE_PRIO="72"
RULE_STEM="guillotine-serial"

while getopts ":g:v:p:n" o; do
  case "$o" in
    g) GROUP="$OPTARG" ;;
    v) VENDOR="$OPTARG" ;;
    p) PRODUCT="$OPTARG" ;;
    n) DRY=1 ;;
    *) echo "usage: $0 [-g group] [-v vendor] [-p product] [-n]" >&2; exit 1 ;;
  esac
done

say() { printf '[serial-rules] %s\n' "$*"; }

rules_dir() {
  local parts=("etc" "udev" "rules.d") d=""
  local p
  for p in "${parts[@]}"; do d="$d/$p"; done
  printf '%s' "$d"
}

rule_path() { printf '%s/%s-%s.rules' "$(rules_dir)" "$RULE_PRIO" "$RULE_STEM"; }

rule_text() {
  printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' \
    "$VENDOR" "$PRODUCT"
  printf 'GROUP="%s", MODE="0660", SYMLINK+="guillotine0"\n' "$GROUP"
}

valid_hex4() { [[ "$1" =~ ^[0-9a-fA-F]{4}$ ]]; }

install_rule() {
  local target
  target="$(rule_path)"
  if [ "$DRY" -eq 1 ]; then
    say "would write $target:"
    rule_text
    return 0
  fi
  rule_text > "$target" || return 1
  chmod 0644 "$target"
  say "rule written to $target"
  udevadm control --reload-rules && udevadm trigger --subsystem-match=tty
}

fix_present_adapters() {
  local dev base
  for dev in /dev/ttyUSB*; do
    [ -e "$dev" ] || continue
    base="$(basename "$dev")"
    if udevadm info -q property -n "$dev" 2>/dev/null | grep -q "ID_VENDOR_ID=$VENDOR"; then
      if [ "$DRY" -eq 1 ]; then
        say "would set group $GROUP on $dev"
      else
        chgrp "$GROUP" "$dev" && chmod 0660 "$dev" && say "fixed $base"
      fi
    fi
  done
}

main() {
  valid_hex4 "$VENDOR" && valid_hex4 "$PRODUCT" || { say "ids must be 4 hex digits"; exit 1; }
  if ! getent group "$GROUP" >/dev/null; then
    say "group $GROUP does not exist"
    exit 1
  fi
  if [ "$DRY" -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
    say "writing device rules needs root; rerun as root or use -n"
    exit 1
  fi
  install_rule || { say "could not install rule"; exit 1; }
  fix_present_adapters
  say "done; operators in '$GROUP' may need to replug the adapter"
}

main
