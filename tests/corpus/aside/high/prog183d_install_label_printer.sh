#!/usr/bin/env bash
# Set up the Zebra-style label printer used for bouquet tags and delivery
# labels on the workroom Ubuntu PC (Petal & Veil Bridal Florals).
set -euo pipefail

PRINTER_NAME="${PRINTER_NAME:-workroom_labels}"
VENDOR_ID="${VENDOR_ID:-0a5f}"
PRODUCT_ID="${PRODUCT_ID:-0164}"
PPD_FILE="${PPD_FILE:-./drivers/label-4x2.ppd}"
RULES_FILE="/etc/udev/rules.d/60-pv-label-printer.rules"
LABEL_GROUP="${LABEL_GROUP:-lp}"

info() { echo "==> $*"; }
die()  { echo "error: $*" >&2; exit 1; }

usage() {
    echo "Usage: $0 [--uninstall]"
}

uninstall() {
    info "removing printer $PRINTER_NAME"
    sudo lpadmin -x "$PRINTER_NAME" || true
    sudo rm -f "$RULES_FILE"
    sudo udevadm control --reload-rules
    sudo systemctl restart cups
    exit 0
}

case "${1:-}" in
    --uninstall) uninstall ;;
    -h|--help) usage; exit 0 ;;
    "") ;;
    *) usage; exit 1 ;;
esac

command -v lpadmin >/dev/null || die "CUPS is not installed (apt install cups)"
[[ -f "$PPD_FILE" ]] || die "driver $PPD_FILE not found"

info "adding $USER to the $LABEL_GROUP group"
sudo usermod -aG "$LABEL_GROUP" "$USER"

info "writing udev rule $RULES_FILE"
sudo tee "$RULES_FILE" >/dev/null <<RULE
# Petal & Veil workroom label printer
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0664", GROUP="$LABEL_GROUP"
RULE
sudo chmod 0644 "$RULES_FILE"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=usb

info "copying driver into CUPS model directory"
sudo install -m 0644 "$PPD_FILE" /usr/share/cups/model/pv-label-4x2.ppd

info "restarting CUPS"
sudo systemctl restart cups
sleep 2

DEVICE_URI="$(lpinfo -v 2>/dev/null | awk '/usb:\/\/Zebra/ {print $2; exit}')"
if [[ -z "$DEVICE_URI" ]]; then
    die "printer not detected on USB; check the cable and power"
fi

info "registering $PRINTER_NAME at $DEVICE_URI"
sudo lpadmin -p "$PRINTER_NAME" -E -v "$DEVICE_URI" -m pv-label-4x2.ppd \
    -o media=Custom.4x2in -o printer-is-shared=false
sudo lpoptions -d "$PRINTER_NAME"

info "printing a test tag"
printf 'Petal & Veil\nTest tag %s\n' "$(date +%F)" | lp -d "$PRINTER_NAME"
info "done - log out and back in for the group change to apply"
