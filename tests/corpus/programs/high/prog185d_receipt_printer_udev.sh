#!/usr/bin/env bash
# receipt_printer_udev.sh - set up the USB receipt printer on a new till PC.
#
# Gives the till user access to the thermal receipt printer and the cash
# drawer kick-out without running the till app as root, and gives the
# printer a stable /dev/receipt0 name.
set -euo pipefail

VENDOR_ID="${PRINTER_VENDOR:-04b8}"
PRODUCT_ID="${PRINTER_PRODUCT:-0e15}"
TILL_USER="${TILL_USER:-${SUDO_USER:-$USER}}"
RULE_NAME="${RULE_NAME:-71-costume-till-printer.rules}"
RULES_DIR="/etc/udev/rules.d"
DRY_RUN="${DRY_RUN:-0}"

note() { echo "[till-printer] $*"; }

elevate() {
    if [[ "$DRY_RUN" == 1 ]]; then
        note "would run: $*"
        return 0
    fi
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

rule_text() {
    cat <<EOF
# Costume hire till - thermal receipt printer and cash drawer
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="lp", SYMLINK+="receipt0"
SUBSYSTEM=="usbmisc", ATTRS{idVendor}=="$VENDOR_ID", MODE="0660", GROUP="lp"
EOF
}

printer_present() {
    lsusb 2>/dev/null | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"
}

install_rule() {
    local dest="$RULES_DIR/$RULE_NAME"
    if [[ -f "$dest" ]] && diff -q <(rule_text) "$dest" >/dev/null 2>&1; then
        note "rule already current at $dest"
        return 0
    fi
    rule_text | elevate tee "$dest" >/dev/null
    elevate chmod 0644 "$dest"
    note "installed $dest"
}

grant_group() {
    if id -nG "$TILL_USER" | tr ' ' '\n' | grep -qx lp; then
        note "$TILL_USER already in lp"
    else
        elevate usermod -aG lp "$TILL_USER"
        note "added $TILL_USER to lp (log out and back in)"
    fi
}

reload_rules() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR_ID"
}

main() {
    printer_present || note "printer ${VENDOR_ID}:${PRODUCT_ID} not plugged in; continuing"
    install_rule
    grant_group
    reload_rules
    [[ -e /dev/receipt0 ]] && note "/dev/receipt0 ready" || note "replug the printer to create /dev/receipt0"
}

main "$@"
