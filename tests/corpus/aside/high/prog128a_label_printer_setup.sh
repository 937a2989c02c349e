#!/usr/bin/env bash
# label_printer_setup.sh - set up the Zebra tag printer for inflatable inspection labels
#
# After an inspection the yard prints a PIPA-style tag for the unit.  The
# Zebra GK420d shows up as a raw USB printer; this script gives it a stable
# device name, lets the yard user print to it without CUPS filters getting
# in the way and registers the raw queue.
#
#   ./label_printer_setup.sh [--queue INSPECTION_TAGS] [--user yard]
set -euo pipefail

QUEUE="INSPECTION_TAGS"
YARD_USER="${SUDO_USER:-$USER}"
VENDOR_ID="0a5f"        # Zebra Technologies
RULE_FILE="/etc/udev/rules.d/70-zebra-tags.rules"
TEST_LABEL="$(dirname "$0")/templates/test_tag.zpl"

usage() { echo "usage: $0 [--queue NAME] [--user NAME]" >&2; exit 64; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --queue) QUEUE="$2"; shift 2 ;;
        --user)  YARD_USER="$2"; shift 2 ;;
        -h|--help) usage ;;
        *) usage ;;
    esac
done

info() { printf '\033[1;34m::\033[0m %s\n' "$*"; }

find_printer() {
    local dev
    for dev in /sys/bus/usb/devices/*; do
        [[ -f "$dev/idVendor" ]] || continue
        if [[ "$(cat "$dev/idVendor")" == "$VENDOR_ID" ]]; then
            echo "$(cat "$dev/idProduct") $(cat "$dev/product" 2>/dev/null || echo Zebra)"
            return 0
        fi
    done
    return 1
}

write_udev_rule() {
    local product="$1"
    info "writing $RULE_FILE"
    sudo tee "$RULE_FILE" >/dev/null <<EOF
# Zebra inspection tag printer - stable name and group access for the yard
SUBSYSTEM=="usbmisc", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$product", \\
    SYMLINK+="zebra-tags", GROUP="lp", MODE="0660"
EOF
    sudo chmod 644 "$RULE_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usbmisc
}

grant_user() {
    if ! id -nG "$YARD_USER" | tr ' ' '\n' | grep -qx lp; then
        info "adding $YARD_USER to lp (log out and back in afterwards)"
        sudo usermod -aG lp "$YARD_USER"
    fi
}

register_queue() {
    local uri="usb://Zebra%20Technologies/ZTC%20GK420d"
    info "registering raw CUPS queue $QUEUE"
    sudo systemctl enable --now cups
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        sudo lpadmin -x "$QUEUE"
    fi
    sudo lpadmin -p "$QUEUE" -E -v "$uri" -m raw -D "Inspection tag printer" -L "Yard"
    sudo systemctl restart cups
}

print_test() {
    if [[ -f "$TEST_LABEL" ]]; then
        lp -d "$QUEUE" -o raw "$TEST_LABEL" && info "test tag sent"
    fi
}

read -r PRODUCT_ID PRODUCT_NAME < <(find_printer) || {
    echo "no Zebra printer found on USB - is it switched on?" >&2
    exit 1
}
info "found $PRODUCT_NAME ($VENDOR_ID:$PRODUCT_ID)"
write_udev_rule "$PRODUCT_ID"
grant_user
register_queue
print_test
info "done"
