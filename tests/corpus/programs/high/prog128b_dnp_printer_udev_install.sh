#!/usr/bin/env bash
# dnp_printer_udev_install.sh - make booth printers usable by the booth user.
#
# The DNP/Mitsubishi dye-sub printers enumerate as root-only USB devices on
# a stock install, so the booth app cannot read the media counter and
# gutenprint's backend fails with "permission denied". This installs a udev
# rule that hands them to the lp group, puts the booth user in lp and
# reloads udev so nobody has to reboot the kiosk at the venue.
#
#   ./dnp_printer_udev_install.sh [--user booth] [--dry-run]

set -euo pipefail

RULE_FILE="/etc/udev/rules.d/60-booth-printers.rules"
BOOTH_USER="${SUDO_USER:-$USER}"
DRY_RUN=false

# vendor:product pairs seen in the field
declare -A PRINTERS=(
  [1343:0007]="Mitsubishi CP-D70DW"
  [1343:000a]="Mitsubishi CP-D80DW"
  [1452:9201]="DNP DS40"
  [1452:9401]="DNP DS620"
  [1452:9801]="DNP DS820"
  [1452:9901]="DNP QW410"
  [1452:0001]="Citizen CX-02"
)

usage() { sed -n '2,10p' "$0"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --user) BOOTH_USER="$2"; shift 2 ;;
    --dry-run) DRY_RUN=true; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown argument $1" >&2; usage; exit 64 ;;
  esac
done

id "$BOOTH_USER" >/dev/null 2>&1 || { echo "no such user: $BOOTH_USER" >&2; exit 1; }

render_rules() {
  echo "# Installed by dnp_printer_udev_install.sh on $(date -I)"
  local ids
  for ids in "${!PRINTERS[@]}"; do
    printf '# %s\n' "${PRINTERS[$ids]}"
    printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0664", GROUP="lp", TAG+="uaccess"\n' \
      "${ids%%:*}" "${ids##*:}"
  done
}

connected_printers() {
  lsusb 2>/dev/null | while read -r _ _ _ _ _ id _; do
    [[ -n "${PRINTERS[$id]:-}" ]] && echo "  found ${PRINTERS[$id]} ($id)"
  done
}

if $DRY_RUN; then
  echo "would write $RULE_FILE:"
  render_rules
  exit 0
fi

echo "installing $RULE_FILE"
render_rules | sudo tee "$RULE_FILE" >/dev/null
sudo chmod 0644 "$RULE_FILE"

if ! id -nG "$BOOTH_USER" | tr ' ' '\n' | grep -qx lp; then
  echo "adding $BOOTH_USER to lp"
  sudo usermod -aG lp "$BOOTH_USER"
fi

echo "reloading udev"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=usb --action=add

connected_printers || true
echo "done - unplug and replug the printer if it was already connected"
