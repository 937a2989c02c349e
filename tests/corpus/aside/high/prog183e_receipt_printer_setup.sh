#!/usr/bin/env bash
# Sets up the Epson receipt printer on a new counter terminal.
# Needs an admin account; prompts for the sudo password once.
set -euo pipefail

VENDOR_ID="${PRINTER_VENDOR:-04b8}"
PRODUCT_ID="${PRINTER_PRODUCT:-0202}"
QUEUE="${PRINTER_QUEUE:-receipt_counter}"
COUNTER_USER="${COUNTER_USER:-$USER}"
RULE_FILE="/etc/udev/rules.d/99-pawn-receipt-printer.rules"

info() { echo "[printer] $*"; }

check_device() {
    if lsusb | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"; then
        info "printer detected on USB"
    else
        info "printer ${VENDOR_ID}:${PRODUCT_ID} not plugged in; rule will apply later"
    fi
}

write_udev_rule() {
    info "writing $RULE_FILE"
    sudo tee "$RULE_FILE" >/dev/null <<RULE
# Epson TM-T20 receipt printer at the pawn counter
SUBSYSTEM=="usb", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", MODE="0660", GROUP="lp", SYMLINK+="receipt0"
RULE
    sudo chmod 0644 "$RULE_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usb
}

add_user_to_lp() {
    if id -nG "$COUNTER_USER" | grep -qw lp; then
        info "$COUNTER_USER already in lp"
    else
        sudo usermod -aG lp "$COUNTER_USER"
        info "added $COUNTER_USER to lp (log out and back in)"
    fi
}

configure_cups() {
    sudo systemctl restart cups
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        info "queue $QUEUE exists"
        return
    fi
    sudo lpadmin -p "$QUEUE" -E -v "usb://EPSON/TM-T20" -m raw \
        -D "Counter receipt printer" -L "Front counter"
    info "queue $QUEUE created"
}

check_device
write_udev_rule
add_user_to_lp
configure_cups
info "done; print a test slip with: echo test | lp -d $QUEUE"
