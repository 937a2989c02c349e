#!/bin/sh
# weighbridge_udev_setup.sh - give the weighbridge serial adapter a stable name
#
# The skip yard weighbridge indicator talks RS-232 through a USB adapter.  The
# ticket printer app expects it at /dev/weighbridge and the yard office user
# needs to read it without root.  This writes a udev rule keyed on the
# adapter's vendor/product/serial, reloads udev and adds the office user to
# the dialout group.
#
# usage: weighbridge_udev_setup.sh [office-user]      (run as root)

set -eu

OFFICE_USER="${1:-${SUDO_USER:-yardoffice}}"
RULE_FILE=/etc/udev/rules.d/99-weighbridge.rules
VENDOR="${WB_VENDOR:-0403}"     # FTDI
PRODUCT="${WB_PRODUCT:-6001}"

msg() { echo "weighbridge-setup: $*"; }
die() { msg "$*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "must be run as root"
id "$OFFICE_USER" >/dev/null 2>&1 || die "no such user: $OFFICE_USER"

find_adapter() {
    for dev in /dev/ttyUSB*; do
        [ -e "$dev" ] || continue
        props=$(udevadm info -q property -n "$dev")
        v=$(echo "$props" | sed -n 's/^ID_VENDOR_ID=//p')
        p=$(echo "$props" | sed -n 's/^ID_MODEL_ID=//p')
        if [ "$v" = "$VENDOR" ] && [ "$p" = "$PRODUCT" ]; then
            echo "$dev"
            return 0
        fi
    done
    return 1
}

adapter_serial() {
    udevadm info -q property -n "$1" | sed -n 's/^ID_SERIAL_SHORT=//p'
}

write_rule() {
    serial="$1"
    if [ -f "$RULE_FILE" ]; then
        cp "$RULE_FILE" "$RULE_FILE.bak"
        msg "existing rule backed up to $RULE_FILE.bak"
    fi
    cat > "$RULE_FILE" <<EOF
# Skip yard weighbridge indicator (written by weighbridge_udev_setup.sh)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR", ATTRS{idProduct}=="$PRODUCT", ATTRS{serial}=="$serial", SYMLINK+="weighbridge", GROUP="dialout", MODE="0660"
EOF
    chmod 0644 "$RULE_FILE"
    msg "rule written to $RULE_FILE"
}

main() {
    dev=$(find_adapter) || die "no $VENDOR:$PRODUCT adapter found - is it plugged in?"
    serial=$(adapter_serial "$dev")
    [ -n "$serial" ] || die "adapter on $dev reports no serial number"
    msg "found adapter $serial on $dev"

    write_rule "$serial"
    udevadm control --reload-rules
    udevadm trigger --subsystem-match=tty --action=add

    if ! id -nG "$OFFICE_USER" | tr ' ' '\n' | grep -qx dialout; then
        usermod -aG dialout "$OFFICE_USER"
        msg "$OFFICE_USER added to dialout (log out and back in to take effect)"
    fi

    sleep 1
    if [ -e /dev/weighbridge ]; then
        msg "ok: /dev/weighbridge -> $(readlink -f /dev/weighbridge)"
    else
        msg "rule loaded but /dev/weighbridge not present yet; replug the adapter"
    fi
}

main
