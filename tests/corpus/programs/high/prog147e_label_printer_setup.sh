#!/bin/sh
# Set up the ticket label printer at the front desk.
#
# Installs the PPD for the thermal label printer that prints the repair
# ticket tags, opens the USB printer node for the desk account, and
# registers the queue in CUPS.
set -eu

PPD_FILE="./drivers/zd421-tags.ppd"
QUEUE="ticket_tags"
USB_NODE="${USB_NODE:-/dev/usb/lp0}"
RUN_AS="${RUN_AS:-sudo}"
MODEL_DIR="/usr/share/cups/model"

msg() { printf '%s\n' "label-setup: $*"; }

priv() {
    # every privileged step goes through the same wrapper
    $RUN_AS "$@"
}

check_files() {
    if [ ! -f "$PPD_FILE" ]; then
        msg "missing $PPD_FILE - copy it from the driver USB stick"
        exit 1
    fi
    command -v lpadmin >/dev/null 2>&1 || { msg "CUPS is not installed"; exit 1; }
}

install_ppd() {
    msg "installing PPD into $MODEL_DIR"
    priv install -d -m 0755 "$MODEL_DIR"
    priv install -m 0644 "$PPD_FILE" "$MODEL_DIR/$(basename "$PPD_FILE")"
}

open_usb_node() {
    if [ -e "$USB_NODE" ]; then
        msg "making $USB_NODE writable for the desk account"
        priv chmod 0666 "$USB_NODE"
        priv chgrp lp "$USB_NODE"
    else
        msg "printer not plugged in ($USB_NODE missing); skipping node permissions"
    fi
}

add_queue() {
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        msg "queue $QUEUE already exists"
        return
    fi
    msg "adding queue $QUEUE"
    priv lpadmin -p "$QUEUE" -E -v "usb://Zebra/ZD421?serial=auto" \
        -m "$(basename "$PPD_FILE")" -o media=Custom.57x32mm
    priv lpoptions -d "$QUEUE"
}

restart_cups() {
    msg "restarting CUPS"
    priv systemctl restart cups
}

test_print() {
    printf 'TICKET TEST\nRepair #000000\n' | lp -d "$QUEUE" >/dev/null 2>&1 \
        && msg "test tag sent" || msg "test print failed, check the printer"
}

main() {
    check_files
    install_ppd
    open_usb_node
    add_queue
    restart_cups
    if [ "${1:-}" = "--test" ]; then
        test_print
    fi
    msg "done"
}

main "$@"
