#!/usr/bin/env bash
# Receipt printer setup for the tea room counter.
# Installs the udev rule for the thermal printer, adds the till user to the
# lp group and restarts CUPS so the new queue shows up.
set -euo pipefail

PRINTER_VENDOR="${PRINTER_VENDOR:-04b8}"   # Epson
PRINTER_PRODUCT="${PRINTER_PRODUCT:-0202}" # TM-T88 series
QUEUE_NAME="${QUEUE_NAME:-counter_receipts}"
TILL_USER="${TILL_USER:-$USER}"
RULE_NAME="99-willow-receipt.rules"

say() { echo "==> $*"; }

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

rule_body() {
    cat <<RULE
SUBSYSTEM=="usb", ATTRS{idVendor}=="${PRINTER_VENDOR}", ATTRS{idProduct}=="${PRINTER_PRODUCT}", MODE="0664", GROUP="lp", SYMLINK+="receipt0"
RULE
}

install_rule() {
    local dest="/etc/udev/rules.d/${RULE_NAME}"
    rule_body | elevate tee "$dest" >/dev/null
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb
    say "udev rule installed at $dest"
}

add_group() {
    if id -nG "$TILL_USER" | tr ' ' '\n' | grep -qx lp; then
        say "$TILL_USER already in lp"
    else
        elevate usermod -aG lp "$TILL_USER"
        say "added $TILL_USER to lp (log out and back in)"
    fi
}

add_queue() {
    if lpstat -p "$QUEUE_NAME" >/dev/null 2>&1; then
        say "queue $QUEUE_NAME exists"
        return
    fi
    elevate lpadmin -p "$QUEUE_NAME" -E -v "usb://EPSON/TM-T88V" -m raw
    say "queue $QUEUE_NAME added"
}

restart_cups() {
    elevate systemctl restart cups.service
    systemctl is-active --quiet cups.service && say "CUPS running"
}

test_page() {
    printf 'Willow & Steep\nPrinter check %s\n\n\n' "$(date '+%F %H:%M')" | lp -d "$QUEUE_NAME" || true
}

main() {
    install_rule
    add_group
    restart_cups
    add_queue
    [ "${1:-}" = "--test" ] && test_page
    say "receipt printer ready"
}

main "$@"
