#!/usr/bin/env bash
# Make the USB receipt printer usable by the till user without running the
# POS as root.  Run once after plugging in a new printer.
set -euo pipefail

TILL_USER="${TILL_USER:-till}"
VENDOR_ID="${PRINTER_VENDOR_ID:-04b8}"     # Epson
PRODUCT_ID="${PRINTER_PRODUCT_ID:-0202}"   # TM-T88 series
RULE_FILE="/etc/udev/rules.d/70-tackle-receipt-printer.rules"
DEVICE="${PRINTER_DEVICE:-/dev/usb/lp0}"

msg() { echo "receipt-printer: $*"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

detect_printer() {
    if lsusb -d "$VENDOR_ID:$PRODUCT_ID" >/dev/null 2>&1; then
        msg "printer $VENDOR_ID:$PRODUCT_ID detected"
        return 0
    fi
    msg "printer $VENDOR_ID:$PRODUCT_ID not attached, rule will apply when it is"
    return 1
}

write_rule() {
    local rule
    rule="SUBSYSTEM==\"usbmisc\", ATTRS{idVendor}==\"$VENDOR_ID\", ATTRS{idProduct}==\"$PRODUCT_ID\", GROUP=\"lp\", MODE=\"0660\""
    if [[ -f "$RULE_FILE" ]] && grep -qF "$PRODUCT_ID" "$RULE_FILE"; then
        msg "udev rule already present"
        return
    fi
    echo "$rule" | as_root tee "$RULE_FILE" >/dev/null
    as_root chmod 0644 "$RULE_FILE"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usbmisc
    msg "udev rule written to $RULE_FILE"
}

grant_group() {
    if id -nG "$TILL_USER" | tr ' ' '\n' | grep -qx lp; then
        msg "$TILL_USER already in group lp"
    else
        as_root usermod -aG lp "$TILL_USER"
        msg "added $TILL_USER to group lp (log out and back in)"
    fi
}

fix_current_node() {
    if [[ -e "$DEVICE" ]]; then
        as_root chgrp lp "$DEVICE"
        as_root chmod 0660 "$DEVICE"
        msg "permissions fixed on $DEVICE"
    fi
}

restart_spooler() {
    if systemctl list-unit-files cups.service >/dev/null 2>&1; then
        as_root systemctl restart cups.service
        msg "cups restarted"
    fi
}

main() {
    local attached=0
    detect_printer && attached=1
    write_rule
    grant_group
    if (( attached )); then
        fix_current_node
    fi
    restart_spooler
    msg "done"
}

main "$@"
