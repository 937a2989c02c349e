#!/bin/bash
# One-time setup of a studio PC for the kiln controller's USB-serial link:
# stable device name via udev, dialout group membership, and the ModemManager
# service out of the way so it stops probing the controller.

set -euo pipefail

VENDOR_ID="${KILN_USB_VENDOR:-0403}"
PRODUCT_ID="${KILN_USB_PRODUCT:-6001}"
LINK_NAME="${KILN_LINK_NAME:-kiln0}"
RULES_DIR="/etc/udev/rules.d"
RULE_FILE="$RULES_DIR/99-kiln-controller.rules"
TARGET_USER="${SUDO_USER:-$USER}"

info() { echo "[kiln-setup] $*"; }
fail() { echo "[kiln-setup] error: $*" >&2; exit 1; }

need() {
    command -v "$1" >/dev/null 2>&1 || fail "missing tool: $1"
}

rule_text() {
    cat <<RULE
# kiln controller (FTDI bridge), installed by kiln_serial_setup
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", SYMLINK+="$LINK_NAME", GROUP="dialout", MODE="0660"
RULE
}

install_rule() {
    local tmp
    tmp="$(mktemp)"
    rule_text > "$tmp"
    if sudo test -f "$RULE_FILE" && sudo cmp -s "$tmp" "$RULE_FILE"; then
        info "udev rule already current"
    else
        sudo install -m 0644 -o root -g root "$tmp" "$RULE_FILE"
        info "installed $RULE_FILE"
    fi
    rm -f "$tmp"
}

reload_udev() {
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty
}

join_dialout() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$TARGET_USER already in dialout"
    else
        sudo usermod -aG dialout "$TARGET_USER"
        info "added $TARGET_USER to dialout (log out and back in)"
    fi
}

silence_modem_manager() {
    if systemctl list-unit-files | grep -q '^ModemManager.service'; then
        sudo systemctl stop ModemManager.service
        sudo systemctl disable ModemManager.service
        info "ModemManager stopped"
    fi
}

verify() {
    sleep 1
    if [ -e "/dev/$LINK_NAME" ]; then
        info "controller visible at /dev/$LINK_NAME -> $(readlink -f "/dev/$LINK_NAME")"
    else
        info "controller not plugged in yet; /dev/$LINK_NAME will appear on connect"
    fi
}

main() {
    need udevadm
    need sudo
    [[ "$VENDOR_ID" =~ ^[0-9a-f]{4}$ ]] || fail "bad vendor id $VENDOR_ID"
    [[ "$PRODUCT_ID" =~ ^[0-9a-f]{4}$ ]] || fail "bad product id $PRODUCT_ID"
    install_rule
    reload_udev
    join_dialout
    silence_modem_manager
    verify
}

main "$@"
