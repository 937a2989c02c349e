#!/bin/bash
# Set up the tyre label printer on a new bay PC.
# Adds a udev rule so the USB label printer gets a stable device name,
# puts the fitter account in the lp group and restarts CUPS.

set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0a5f}"
PRODUCT_ID="${PRODUCT_ID:-0164}"
DEVICE_ALIAS="tyre-label"
RULE_FILE="/etc/udev/rules.d/99-tyre-label-printer.rules"
PRINTER_NAME="TyreLabels"
FITTER_USER="${FITTER_USER:-$USER}"
PPD_MODEL="${PPD_MODEL:-drv:///sample.drv/zebra.ppd}"

info() {
    echo "[printer-setup] $*"
}

rule_text() {
    printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="lp", SYMLINK+="%s"\n' \
        "$VENDOR_ID" "$PRODUCT_ID" "$DEVICE_ALIAS"
}

install_rule() {
    if [ -f "$RULE_FILE" ] && grep -q "$PRODUCT_ID" "$RULE_FILE"; then
        info "udev rule already installed"
        return
    fi
    rule_text | sudo tee "$RULE_FILE" >/dev/null
    sudo chmod 644 "$RULE_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usb
    info "udev rule written to $RULE_FILE"
}

add_fitter_to_lp() {
    if id -nG "$FITTER_USER" | grep -qw lp; then
        info "$FITTER_USER already in lp"
    else
        sudo usermod -aG lp "$FITTER_USER"
        info "added $FITTER_USER to lp (log out and back in)"
    fi
}

register_printer() {
    if lpstat -p "$PRINTER_NAME" >/dev/null 2>&1; then
        info "printer $PRINTER_NAME already registered"
        return
    fi
    sudo lpadmin -p "$PRINTER_NAME" -E -v "usb://Zebra/ZD420?serial=${PRINTER_SERIAL:-unknown}" -m "$PPD_MODEL"
    sudo lpoptions -p "$PRINTER_NAME" -o media=Custom.100x50mm
    info "printer $PRINTER_NAME registered"
}

restart_cups() {
    sudo systemctl restart cups
    sudo systemctl enable cups >/dev/null 2>&1 || true
    info "cups restarted"
}

test_label() {
    if [ "${PRINT_TEST:-0}" = "1" ]; then
        printf 'TEST LABEL\n205/55 R16 91V\n' | lp -d "$PRINTER_NAME"
        info "test label sent"
    fi
}

main() {
    install_rule
    add_fitter_to_lp
    restart_cups
    register_printer
    test_label
    info "printer setup complete"
}

main "$@"
