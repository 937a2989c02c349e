#!/usr/bin/env bash
# rfid_reader_setup.sh - set up the USB RFID reader used for kit tagging.
#
# Every harness, rope and descender carries an RFID tag. The inspection
# app reads them through a USB serial reader, which by default is only
# accessible to root. This gives the kit room user access to it.
#
# Usage: rfid_reader_setup.sh [USER]

set -euo pipefail

TARGET_USER="${1:-$USER}"
VENDOR_ID="${RFID_VID:-10c4}"
PRODUCT_ID="${RFID_PID:-ea60}"
RULE_NAME="72-ropeworks-rfid.rules"
RULE_DIR="/etc/udev/rules.d"

msg() { echo "rfid-setup: $*"; }

# Use whichever elevation tool this laptop has.
elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return
        fi
    done
    msg "need root to continue and neither sudo nor doas is installed"
    exit 1
}

check_reader() {
    if lsusb 2>/dev/null | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"; then
        msg "reader detected (${VENDOR_ID}:${PRODUCT_ID})"
    else
        msg "reader not plugged in - rule will apply when it is"
    fi
}

write_rule() {
    local rule
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"${VENDOR_ID}\", ATTRS{idProduct}==\"${PRODUCT_ID}\", MODE=\"0660\", GROUP=\"dialout\", SYMLINK+=\"rfid0\""
    printf '%s\n' "$rule" | elevate tee "$RULE_DIR/$RULE_NAME" >/dev/null
    elevate chmod 0644 "$RULE_DIR/$RULE_NAME"
    msg "wrote $RULE_DIR/$RULE_NAME"
}

add_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        msg "$TARGET_USER already in dialout"
    else
        elevate usermod -aG dialout "$TARGET_USER"
        msg "added $TARGET_USER to dialout (log out and back in)"
    fi
}

reload_rules() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    msg "udev rules reloaded"
}

test_port() {
    sleep 1
    if [ -e /dev/rfid0 ]; then
        ls -l "$(readlink -f /dev/rfid0)"
        msg "reader available as /dev/rfid0"
    else
        msg "/dev/rfid0 not present yet - replug the reader"
    fi
}

main() {
    msg "configuring RFID reader for $TARGET_USER"
    check_reader
    write_rule
    add_group
    reload_rules
    test_port
}

main
