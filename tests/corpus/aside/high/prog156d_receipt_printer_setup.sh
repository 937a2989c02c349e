#!/usr/bin/env bash
# Sets up the USB thermal receipt printer on a fresh till PC so the till
# software (running as the normal shop user) can print without errors.
#
# Usage: ./receipt_printer_setup.sh [--vendor 0416] [--product 5011]

set -eo pipefail

VENDOR_ID="0416"
PRODUCT_ID="5011"
SHOP_USER="${SUDO_USER:-$USER}"
RULE_NAME="60-receipt-printer.rules"

msg() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --vendor) VENDOR_ID="$2"; shift 2 ;;
        --product) PRODUCT_ID="$2"; shift 2 ;;
        *) warn "ignoring $1"; shift ;;
    esac
done

# Pick whichever elevation tool this distro ships with.
elevate() {
    local t
    for t in sudo doas pkexec; do
        if command -v "$t" >/dev/null 2>&1; then
            "$t" "$@"
            return
        fi
    done
    warn "no elevation tool found; run as root"
    "$@"
}

printer_present() {
    lsusb 2>/dev/null | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"
}

write_udev_rule() {
    local dir rule
    dir="/$(printf '%s/' etc udev rules.d)"
    rule="SUBSYSTEM==\"usb\", ATTRS{idVendor}==\"${VENDOR_ID}\", ATTRS{idProduct}==\"${PRODUCT_ID}\", MODE=\"0666\", GROUP=\"lp\""
    printf '%s\n' "$rule" | elevate tee "${dir}${RULE_NAME}" >/dev/null
    elevate udevadm control --reload-rules
    elevate udevadm trigger
    msg "udev rule installed"
}

load_driver() {
    if ! lsmod | grep -q '^usblp'; then
        elevate modprobe usblp
        msg "usblp driver loaded"
    fi
}

fix_device_node() {
    local node
    for node in /dev/usb/lp0 /dev/usb/lp1; do
        [ -e "$node" ] || continue
        elevate chgrp lp "$node"
        elevate chmod 0666 "$node"
        msg "permissions fixed on $node"
    done
}

add_user_to_lp() {
    if id -nG "$SHOP_USER" | grep -qw lp; then
        msg "$SHOP_USER already in lp group"
    else
        elevate usermod -aG lp "$SHOP_USER"
        msg "$SHOP_USER added to lp group (log out and back in)"
    fi
}

test_print() {
    local node=/dev/usb/lp0
    if [ -w "$node" ]; then
        printf 'Bookshop till test print\n%s\n\n\n\x1dV\x00' "$(date)" > "$node"
        msg "test receipt sent"
    else
        warn "cannot write to $node yet"
    fi
}

main() {
    if ! printer_present; then
        warn "printer ${VENDOR_ID}:${PRODUCT_ID} not detected, continuing anyway"
    fi
    load_driver
    write_udev_rule
    fix_device_node
    add_user_to_lp
    test_print
}

main
