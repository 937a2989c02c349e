#!/usr/bin/env bash
# Set up the USB receipt printer used for membership payments at the
# front desk, so the billing app can print receipts without asking for
# the admin password every time.
set -euo pipefail

PRINTER_VENDOR="${PRINTER_VENDOR:-04b8}"
PRINTER_PRODUCT="${PRINTER_PRODUCT:-0e15}"
DESK_USER="${DESK_USER:-$(id -un)}"
RULE_NAME="60-dojo-receipt.rules"
RULE_DIR="/etc/udev/rules.d"
QUEUE="dojo_receipts"

msg() { printf '==> %s\n' "$*"; }
err() { printf 'error: %s\n' "$*" >&2; exit 1; }

# pick whichever elevation helper this box has
elevate() {
    local helper
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    err "need sudo or doas to continue"
}

detect_printer() {
    if ! command -v lsusb >/dev/null 2>&1; then
        msg "lsusb missing, skipping detection"
        return 0
    fi
    if lsusb | grep -qi "${PRINTER_VENDOR}:${PRINTER_PRODUCT}"; then
        msg "receipt printer detected"
    else
        msg "printer ${PRINTER_VENDOR}:${PRINTER_PRODUCT} not plugged in (continuing)"
    fi
}

install_rule() {
    local tmp
    tmp="$(mktemp -d)/$RULE_NAME"
    cat > "$tmp" <<EOF
# Dojo front-desk receipt printer
SUBSYSTEM=="usb", ATTR{idVendor}=="$PRINTER_VENDOR", ATTR{idProduct}=="$PRINTER_PRODUCT", MODE="0664", GROUP="lp"
EOF
    elevate install -m 0644 -o root -g root "$tmp" "$RULE_DIR/$RULE_NAME"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb
    msg "udev rule installed"
}

grant_print_group() {
    if id -nG "$DESK_USER" | tr ' ' '\n' | grep -qx lp; then
        msg "$DESK_USER already in lp"
    else
        elevate usermod -aG lp "$DESK_USER"
        msg "added $DESK_USER to lp (log out and back in)"
    fi
}

configure_queue() {
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        msg "queue $QUEUE exists"
        return
    fi
    elevate lpadmin -p "$QUEUE" -E -v "usb://EPSON/TM-T20" -m raw
    elevate systemctl restart cups
    msg "queue $QUEUE created"
}

test_print() {
    if [ "${SKIP_TEST:-0}" = "1" ]; then
        return
    fi
    printf 'Dojo receipt test\n%s\n\n\n' "$(date)" | lp -d "$QUEUE" || msg "test print failed"
}

main() {
    detect_printer
    install_rule
    grant_print_group
    configure_queue
    test_print
    msg "receipt printer ready"
}

main "$@"
