#!/usr/bin/env bash
# Set up the USB thermal receipt printer on a new till PC so the POS
# software can open it without running as root.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0416}"
PRODUCT_ID="${PRODUCT_ID:-5011}"
POS_USER="${POS_USER:-${SUDO_USER:-$USER}}"
RULE_NAME="${RULE_NAME:-71-receipt-printer.rules}"

elevate=()
[[ $EUID -eq 0 ]] || elevate=(sudo)

as_root() { "${elevate[@]}" "$@"; }

rule_dir() { local parts=("" etc udev rules.d); local IFS=/; echo "${parts[*]}"; }

render_rule() {
  cat <<RULE
# Thermal receipt printer for the shop till (managed by receipt_printer_setup)
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="lp", SYMLINK+="receipt0"
RULE
}

install_rule() {
  local dest
  dest="$(rule_dir)/$RULE_NAME"
  render_rule | as_root tee "$dest" >/dev/null
  as_root chmod 0644 "$dest"
  echo "installed $dest"
}

grant_group() {
  if id -nG "$POS_USER" | tr ' ' '\n' | grep -qx lp; then
    echo "$POS_USER already in lp"
  else
    as_root usermod -aG lp "$POS_USER"
    echo "added $POS_USER to lp (log out and back in)"
  fi
}

reload_rules() {
  as_root udevadm control --reload-rules
  as_root udevadm trigger --subsystem-match=usb
}

test_print() {
  local dev=/dev/receipt0
  if [[ -w "$dev" ]]; then
    printf '\x1b@Harbour Scale Models\nprinter test %s\n\n\n\x1dV\x00' "$(date '+%F %T')" >"$dev"
  else
    echo "skip test print: $dev not writable yet"
  fi
}

declare -A STEPS=([rule]=install_rule [group]=grant_group [reload]=reload_rules [test]=test_print)

main() {
  local want=("$@")
  [[ ${#want[@]} -gt 0 ]] || want=(rule group reload test)
  local s
  for s in "${want[@]}"; do
    [[ -n "${STEPS[$s]:-}" ]] || { echo "unknown step $s" >&2; exit 2; }
    "${STEPS[$s]}"
  done
}

main "$@"
