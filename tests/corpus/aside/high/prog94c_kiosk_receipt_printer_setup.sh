#!/bin/sh
# kiosk_receipt_printer_setup.sh - prepare a self-checkout kiosk for its
# thermal receipt printer and RFID pad.
#
# The kiosk software runs as the unprivileged "sco" account and talks to the
# printer directly through /dev/usb/lp*, and to the RFID pad through a
# USB serial adapter.  This sets up stable device names and access for that
# account, and registers the printer queue for the staff "reprint receipt"
# tool.  Idempotent; re-run it after a kiosk re-image.
#
# Usage: kiosk_receipt_printer_setup.sh [-u ACCOUNT] [-m MODEL]

set -eu

KIOSK_USER="sco"
MODEL="epson-tm-t88"
RULES_NAME="72-library-kiosk.rules"
QUEUE="kiosk_receipt"

while getopts "u:m:" opt; do
    case "$opt" in
        u) KIOSK_USER="$OPTARG" ;;
        m) MODEL="$OPTARG" ;;
        *) echo "usage: $0 [-u ACCOUNT] [-m MODEL]" >&2; exit 64 ;;
    esac
done

info() { echo "==> $*"; }

case "$MODEL" in
    epson-tm-t88) VID=04b8; PID=0202 ;;
    star-tsp100)  VID=0519; PID=0003 ;;
    *) echo "unknown printer model $MODEL" >&2; exit 1 ;;
esac
RFID_VID=0403
RFID_PID=6001

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
fi

id "$KIOSK_USER" >/dev/null 2>&1 || { echo "account $KIOSK_USER does not exist" >&2; exit 1; }

rules_body() {
    cat <<EOF
# receipt printer ($MODEL)
SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", ATTRS{idVendor}=="$VID", ATTRS{idProduct}=="$PID", SYMLINK+="kiosk-receipt", GROUP="lp", MODE="0660"
# RFID pad serial adapter
SUBSYSTEM=="tty", ATTRS{idVendor}=="$RFID_VID", ATTRS{idProduct}=="$RFID_PID", SYMLINK+="kiosk-rfid", GROUP="dialout", MODE="0660"
EOF
}

install_rules() {
    tmp=$(mktemp)
    rules_body > "$tmp"
    if cmp -s "$tmp" "/etc/udev/rules.d/$RULES_NAME"; then
        info "udev rules already current"
    else
        $AS_ROOT install -o root -g root -m 0644 "$tmp" "/etc/udev/rules.d/$RULES_NAME"
        $AS_ROOT udevadm control --reload-rules
        $AS_ROOT udevadm trigger --subsystem-match=usbmisc --subsystem-match=tty
        info "installed /etc/udev/rules.d/$RULES_NAME"
    fi
    rm -f "$tmp"
}

grant_groups() {
    for grp in lp dialout; do
        if id -nG "$KIOSK_USER" | tr ' ' '\n' | grep -qx "$grp"; then
            continue
        fi
        $AS_ROOT usermod -aG "$grp" "$KIOSK_USER"
        info "added $KIOSK_USER to $grp"
    done
}

register_queue() {
    command -v lpadmin >/dev/null 2>&1 || { info "CUPS not installed, skipping queue"; return 0; }
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        info "queue $QUEUE exists"
        return 0
    fi
    $AS_ROOT lpadmin -p "$QUEUE" -E -v "file:/dev/kiosk-receipt" -m raw -D "Kiosk receipt printer"
    info "registered CUPS queue $QUEUE"
}

install_rules
grant_groups
register_queue
if [ -e /dev/kiosk-receipt ]; then
    $AS_ROOT chgrp lp /dev/kiosk-receipt
    info "printer available at /dev/kiosk-receipt"
else
    info "printer not connected; it will be picked up when plugged in"
fi
