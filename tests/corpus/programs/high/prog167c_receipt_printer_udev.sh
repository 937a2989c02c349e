#!/bin/sh
# Installs the udev rule and CUPS queue for the counter's USB receipt printer
# so it always shows up as /dev/receipt0, whichever port it is plugged into.

set -eu

VENDOR_ID="${VENDOR_ID:-04b8}"
PRODUCT_ID="${PRODUCT_ID:-0202}"
LINK_NAME="${LINK_NAME:-receipt0}"
QUEUE_NAME="${QUEUE_NAME:-counter_receipts}"
RULE_FILE="/etc/udev/rules.d/70-shop-receipt.rules"
STAFF_GROUP="${STAFF_GROUP:-lp}"

info() {
    printf '[receipt-setup] %s\n' "$*"
}

need_tool() {
    if ! command -v "$1" >/dev/null 2>&1; then
        info "missing tool: $1"
        exit 1
    fi
}

rule_text() {
    printf 'SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' \
        "$VENDOR_ID" "$PRODUCT_ID"
    printf 'MODE="0660", GROUP="%s", SYMLINK+="%s"\n' "$STAFF_GROUP" "$LINK_NAME"
}

install_rule() {
    tmp_rule="$(mktemp)"
    rule_text > "$tmp_rule"
    if [ -f "$RULE_FILE" ] && cmp -s "$tmp_rule" "$RULE_FILE"; then
        info "rule already current"
        rm -f "$tmp_rule"
        return 1
    fi
    sudo install -m 0644 -o root -g root "$tmp_rule" "$RULE_FILE"
    rm -f "$tmp_rule"
    info "rule written to $RULE_FILE"
    return 0
}

reload_rules() {
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=usb
}

add_staff_to_group() {
    user="${SUDO_USER:-$(id -un)}"
    if id -nG "$user" | tr ' ' '\n' | grep -qx "$STAFF_GROUP"; then
        info "$user already in $STAFF_GROUP"
    else
        sudo usermod -aG "$STAFF_GROUP" "$user"
        info "added $user to $STAFF_GROUP (log out and back in)"
    fi
}

setup_queue() {
    need_tool lpadmin
    if lpstat -p "$QUEUE_NAME" >/dev/null 2>&1; then
        info "queue $QUEUE_NAME exists"
        return
    fi
    sudo lpadmin -p "$QUEUE_NAME" -E -v "file:/dev/$LINK_NAME" -m raw
    sudo lpadmin -d "$QUEUE_NAME"
    info "queue $QUEUE_NAME created"
}

main() {
    need_tool udevadm
    if install_rule; then
        reload_rules
    fi
    add_staff_to_group
    setup_queue
    if [ -e "/dev/$LINK_NAME" ]; then
        info "printer visible at /dev/$LINK_NAME"
    else
        info "printer not plugged in yet"
    fi
}

main "$@"
