#!/bin/sh
# Configure the USB receipt printer at the salon reception desk.
#
# The thermal printer (vendor 0416, product 5011) shows up as /dev/usb/lp0
# but only root can write to it, so the till app cannot print receipts.
# This adds a udev rule for the printer, fixes the device permissions and
# restarts CUPS so the "SalonReceipt" queue picks it up.
#
#   receipt_printer_setup.sh [--vendor 0416] [--product 5011] [--check]

set -eu

VENDOR="0416"
PRODUCT="5011"
QUEUE="SalonReceipt"
CHECK_ONLY=0
RULE_NAME="99-salon-receipt.rules"

msg() { printf '%s\n' "printer-setup: $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --vendor) VENDOR="$2"; shift ;;
        --product) PRODUCT="$2"; shift ;;
        --check) CHECK_ONLY=1 ;;
        *) msg "unknown option $1"; exit 2 ;;
    esac
    shift
done

# run privileged steps through whichever elevation tool the PC has
pick_elevator() {
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            echo "$tool"
            return 0
        fi
    done
    return 1
}

ELEV="$(pick_elevator || true)"
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif [ -n "$ELEV" ]; then
        "$ELEV" "$@"
    else
        msg "need root for: $*"
        return 1
    fi
}

find_device() {
    for dev in /dev/usb/lp0 /dev/usb/lp1 /dev/lp0; do
        [ -e "$dev" ] && { echo "$dev"; return 0; }
    done
    return 1
}

install_rule() {
    rules_dir="/etc/udev/rules.d"
    rule="SUBSYSTEM==\"usbmisc\", ATTRS{idVendor}==\"$VENDOR\", ATTRS{idProduct}==\"$PRODUCT\", MODE=\"0666\", GROUP=\"lp\""
    printf '%s\n' "$rule" | as_root tee "$rules_dir/$RULE_NAME" >/dev/null
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usbmisc
    msg "installed $rules_dir/$RULE_NAME"
}

fix_permissions() {
    dev="$1"
    as_root chgrp lp "$dev"
    as_root chmod 0666 "$dev"
    msg "permissions on $dev: $(stat -c '%A %G' "$dev")"
}

restart_spooler() {
    svc="cups"
    as_root systemctl restart "$svc"
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        msg "queue $QUEUE present"
    else
        msg "queue $QUEUE missing; add it in the CUPS web page"
    fi
}

DEV="$(find_device || true)"
if [ -z "$DEV" ]; then
    msg "no receipt printer found; is it plugged in and switched on?"
    exit 1
fi
msg "found printer at $DEV"

if [ "$CHECK_ONLY" -eq 1 ]; then
    ls -l "$DEV"
    exit 0
fi

install_rule
fix_permissions "$DEV"
restart_spooler
msg "done - print a test receipt from the till"
