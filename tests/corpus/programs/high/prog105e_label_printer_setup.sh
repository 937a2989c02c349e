#!/bin/sh
# Prepare a packing station for the USB thermal label printer.
#
# The courier labels are printed raw (ZPL) straight to the USB device, so
# the packer account needs write access to it and the device needs a stable
# name across reboots and re-plugs.
#
# Usage: sh label_printer_setup.sh [-u packer] [-m zebra|rollo] [-t]

set -e

PACKER_USER="$(id -un)"
MODEL="zebra"
TEST_PRINT=0
RULE_NAME="70-glowcrate-label-printer.rules"

usage() {
    echo "usage: $0 [-u user] [-m zebra|rollo] [-t]" >&2
    exit 2
}

while getopts "u:m:th" opt; do
    case "$opt" in
        u) PACKER_USER="$OPTARG" ;;
        m) MODEL="$OPTARG" ;;
        t) TEST_PRINT=1 ;;
        *) usage ;;
    esac
done

case "$MODEL" in
    zebra) VENDOR_ID="0a5f"; PRODUCT_ID="0081" ;;
    rollo) VENDOR_ID="1fc9"; PRODUCT_ID="2016" ;;
    *) echo "unknown model: $MODEL" >&2; exit 2 ;;
esac

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
fi

note() { echo "[label-setup] $*"; }

find_device() {
    for dev in /dev/usb/lp*; do
        [ -e "$dev" ] && { echo "$dev"; return 0; }
    done
    return 1
}

install_rule() {
    note "installing udev rule for $MODEL ($VENDOR_ID:$PRODUCT_ID)"
    printf 'SUBSYSTEM=="usbmisc", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", GROUP="lp", MODE="0664", SYMLINK+="labelprinter"\n' \
        "$VENDOR_ID" "$PRODUCT_ID" | $AS_ROOT tee "/etc/udev/rules.d/$RULE_NAME" >/dev/null
    $AS_ROOT udevadm control --reload-rules
    $AS_ROOT udevadm trigger --subsystem-match=usbmisc
}

grant_group() {
    if id -nG "$PACKER_USER" | tr ' ' '\n' | grep -qx lp; then
        note "$PACKER_USER already in lp group"
    else
        note "adding $PACKER_USER to lp group (log out and back in afterwards)"
        $AS_ROOT usermod -aG lp "$PACKER_USER"
    fi
}

fix_current_device() {
    # the rule only applies on next plug event; fix the live node now
    dev="$(find_device)" || { note "printer not plugged in, skipping live fix"; return 0; }
    note "setting permissions on $dev"
    $AS_ROOT chgrp lp "$dev"
    $AS_ROOT chmod 0666 "$dev"
}

test_print() {
    dev="/dev/labelprinter"
    [ -e "$dev" ] || dev="$(find_device)" || { note "no printer found for test print"; return 1; }
    note "sending test label to $dev"
    cat > "$dev" <<'ZPL'
^XA
^CF0,40
^FO40,40^FDGlowCrate packing station^FS
^FO40,100^FDLabel printer OK^FS
^XZ
ZPL
}

install_rule
grant_group
fix_current_device
if [ "$TEST_PRINT" -eq 1 ]; then
    test_print
fi
note "done"
