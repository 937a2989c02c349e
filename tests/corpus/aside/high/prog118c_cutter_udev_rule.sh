#!/usr/bin/env bash
# cutter_udev_rule.sh - give the shop login access to a USB vinyl cutter
#
# Graphtec CE/FC and Roland GS/CAMM-1 cutters show up as USB printer-class
# or CDC serial devices. Out of the box only root can write to them, so the
# cutting plugin in Inkscape / the RIP fails with "permission denied".
# This installs a udev rule for the detected cutter and a stable symlink
# (/dev/vinylcutter) for the plugin config.
#
# usage: ./cutter_udev_rule.sh [--user NAME] [--remove]

set -euo pipefail

RULE_FILE="/etc/udev/rules.d/70-vinyl-cutter.rules"
TARGET_USER="${SUDO_USER:-$USER}"
REMOVE=0

# vendor:product pairs seen on the shop's machines
declare -A KNOWN=(
  ["0b4d:110a"]="Graphtec CE6000"
  ["0b4d:1123"]="Graphtec CE7000"
  ["0b4d:1136"]="Graphtec FC9000"
  ["09c5:0210"]="Roland GS-24"
  ["09c5:0510"]="Roland CAMM-1 GR"
)

while [[ $# -gt 0 ]]; do
  case "$1" in
    --user) TARGET_USER="$2"; shift 2 ;;
    --remove) REMOVE=1; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

say() { echo "[cutter-udev] $*"; }

reload_rules() {
  sudo udevadm control --reload-rules
  sudo udevadm trigger --subsystem-match=usb --subsystem-match=tty --subsystem-match=usbmisc
}

if (( REMOVE )); then
  if [[ -f "$RULE_FILE" ]]; then
    sudo rm -f "$RULE_FILE"
    reload_rules
    say "rule removed"
  else
    say "no rule installed"
  fi
  exit 0
fi

found=""
while read -r _ _ _ _ _ id _; do
  if [[ -n "${KNOWN[$id]:-}" ]]; then
    found="$id"
    break
  fi
done < <(lsusb)

if [[ -z "$found" ]]; then
  say "no known cutter on USB - plug it in and power it on, then re-run"
  say "known models: ${KNOWN[*]}"
  exit 1
fi
vid="${found%%:*}"
pid="${found##*:}"
say "found ${KNOWN[$found]} ($found)"

rule=$(cat <<EOF
# installed by cutter_udev_rule.sh for ${KNOWN[$found]}
SUBSYSTEMS=="usb", ATTRS{idVendor}=="$vid", ATTRS{idProduct}=="$pid", MODE="0660", GROUP="dialout", SYMLINK+="vinylcutter"
EOF
)

echo "$rule" | sudo tee "$RULE_FILE" >/dev/null
sudo chmod 0644 "$RULE_FILE"
say "wrote $RULE_FILE"

if ! id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
  sudo usermod -aG dialout "$TARGET_USER"
  say "added $TARGET_USER to dialout (log out and back in to take effect)"
fi

reload_rules
sleep 1
if [[ -e /dev/vinylcutter ]]; then
  say "ready: /dev/vinylcutter -> $(readlink -f /dev/vinylcutter)"
else
  say "rule installed; unplug and replug the cutter if /dev/vinylcutter is missing"
fi
