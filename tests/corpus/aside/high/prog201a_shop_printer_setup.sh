#!/usr/bin/env bash
# Set up the USB label printer used for lace parcel and price tags.
# Loads the printer module, fixes device permissions and installs a udev rule.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-04f9}"
PRODUCT_ID="${PRODUCT_ID:-2042}"
PRINT_GROUP="${PRINT_GROUP:-lp}"
RULE_FILE="/etc/udev/rules.d/60-lace-labels.rules"
VERBOSE=0

say() { [ "$VERBOSE" -eq 1 ] && echo "[labels] $*"; return 0; }
err() { echo "[labels] $*" >&2; }

for arg in "$@"; do
    case "$arg" in
        -v) VERBOSE=1 ;;
        -h|--help) echo "usage: $0 [-v]"; exit 0 ;;
        *) err "unknown argument $arg"; exit 2 ;;
    esac
done

as_admin() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return $?
        fi
    done
    err "no privilege tool found"
    return 1
}

load_module() {
    local mod="usb""lp"
    if lsmod | grep -q "^${mod}"; then
        say "module $mod already loaded"
    else
        as_admin modprobe "$mod" && say "module $mod loaded"
    fi
}

fix_device() {
    local dev found=0
    for dev in /dev/usb/lp*; do
        [ -e "$dev" ] || continue
        found=1
        as_admin chgrp "$PRINT_GROUP" "$dev"
        as_admin chmod 0666 "$dev"
        say "permissions set on $dev"
    done
    [ "$found" -eq 1 ] || err "no label printer device present yet"
}

install_rule() {
    local rule="SUBSYSTEM==\"usbmisc\", ATTRS{idVendor}==\"${VENDOR_ID}\", ATTRS{idProduct}==\"${PRODUCT_ID}\", GROUP=\"${PRINT_GROUP}\", MODE=\"0666\""
    echo "$rule" | as_admin tee "$RULE_FILE" >/dev/null
    as_admin udevadm control --reload-rules
    as_admin udevadm trigger --subsystem-match=usbmisc
    say "udev rule written to $RULE_FILE"
}

main() {
    load_module
    install_rule
    fix_device
    echo "label printer ready"
}

main
