#!/usr/bin/env bash
# scanner_udev_setup.sh - make the stock-room barcode scanners and the
# packing label printer usable by the "shop" account without logging in
# as an administrator every morning.
#
# Usage: scanner_udev_setup.sh [--user NAME] [--skip-printer]

set -euo pipefail

SHOP_USER="${SHOP_USER:-shop}"
SKIP_PRINTER=0
RULES_DIR=/etc/udev/rules.d
RULE_NAME="$(printf '%02d-%s' 72 kiteshop-devices).rules"
# Honeywell and Zebra vendor ids used in the stock room
SCANNER_VENDORS=("0c2e" "05e0")
PRINTER_VENDOR="0a5f"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --user) SHOP_USER="$2"; shift ;;
        --skip-printer) SKIP_PRINTER=1 ;;
        *) sed -n '2,6p' "$0"; exit 1 ;;
    esac
    shift
done

as_admin() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

build_rules() {
    local v
    echo "# managed by scanner_udev_setup.sh - kite shop stock room"
    for v in "${SCANNER_VENDORS[@]}"; do
        echo "SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$v\", GROUP=\"dialout\", MODE=\"0660\", SYMLINK+=\"scanner%n\""
        echo "SUBSYSTEM==\"hidraw\", ATTRS{idVendor}==\"$v\", GROUP=\"plugdev\", MODE=\"0660\""
    done
    if [[ $SKIP_PRINTER -eq 0 ]]; then
        echo "SUBSYSTEM==\"usb\", ATTRS{idVendor}==\"$PRINTER_VENDOR\", GROUP=\"lp\", MODE=\"0664\""
    fi
}

install_rules() {
    build_rules | as_admin tee "${RULES_DIR}/${RULE_NAME}" >/dev/null
    as_admin chmod 0644 "${RULES_DIR}/${RULE_NAME}"
    as_admin udevadm control --reload-rules
    as_admin udevadm trigger --subsystem-match=tty --subsystem-match=usb
    echo "rules written to ${RULES_DIR}/${RULE_NAME}"
}

grant_groups() {
    local g
    for g in dialout plugdev lp; do
        if ! id -nG "$SHOP_USER" | grep -qw "$g"; then
            as_admin usermod -aG "$g" "$SHOP_USER"
            echo "added $SHOP_USER to $g"
        fi
    done
}

fix_present_devices() {
    # devices already plugged in keep their old mode until replugged
    local dev
    for dev in /dev/ttyACM* /dev/ttyUSB*; do
        [[ -e "$dev" ]] || continue
        as_admin chown root:dialout "$dev"
        as_admin chmod 0666 "$dev"
        echo "opened $dev"
    done
}

restart_printing() {
    [[ $SKIP_PRINTER -eq 1 ]] && return 0
    as_admin systemctl restart cups.service
    echo "print service restarted"
}

install_rules
grant_groups
fix_present_devices
restart_printing
echo "done - $SHOP_USER must log out and back in for group changes"
