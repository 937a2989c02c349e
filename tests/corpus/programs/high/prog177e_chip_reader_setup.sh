#!/usr/bin/env bash
# chip_reader_setup.sh - make the USB microchip scanners usable at the registration desk.
# The scanners use an FTDI serial chip; staff accounts need to open /dev/ttyUSB* without root.
set -euo pipefail

VENDOR_ID="${CHIP_VENDOR_ID:-0403}"
PRODUCT_ID="${CHIP_PRODUCT_ID:-6001}"
RULE_FILE="/etc/udev/rules.d/70-kc-chip-reader.rules"
STAFF_GROUP="${STAFF_GROUP:-dialout}"
STAFF_USERS=("${@}")

say() { echo "==> $*"; }

if [ "${#STAFF_USERS[@]}" -eq 0 ]; then
    STAFF_USERS=("$USER")
fi

load_driver() {
    if lsmod | grep -q '^ftdi_sio'; then
        say "ftdi_sio already loaded"
    else
        say "loading ftdi_sio driver"
        sudo modprobe ftdi_sio
    fi
    if ! grep -qx ftdi_sio /etc/modules 2>/dev/null; then
        echo ftdi_sio | sudo tee -a /etc/modules >/dev/null
    fi
}

write_udev_rule() {
    say "writing $RULE_FILE"
    sudo tee "$RULE_FILE" >/dev/null <<RULE
# Kennel club microchip scanners (FTDI)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VENDOR_ID", ATTRS{idProduct}=="$PRODUCT_ID", GROUP="$STAFF_GROUP", MODE="0666", SYMLINK+="chipreader%n"
RULE
    sudo chmod 0644 "$RULE_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty
}

add_users() {
    for u in "${STAFF_USERS[@]}"; do
        if id -nG "$u" | grep -qw "$STAFF_GROUP"; then
            say "$u already in $STAFF_GROUP"
        else
            say "adding $u to $STAFF_GROUP"
            sudo usermod -aG "$STAFF_GROUP" "$u"
        fi
    done
}

fix_existing_devices() {
    shopt -s nullglob
    for dev in /dev/ttyUSB*; do
        say "setting permissions on $dev"
        sudo chgrp "$STAFF_GROUP" "$dev"
        sudo chmod 0666 "$dev"
    done
}

test_reader() {
    local dev
    dev="$(ls /dev/chipreader* 2>/dev/null | head -n1 || true)"
    if [ -z "$dev" ]; then
        say "no scanner plugged in; plug one in and re-run to test"
        return 0
    fi
    say "scan a chip within 10 seconds on $dev"
    stty -F "$dev" 9600 raw -echo
    timeout 10 head -c 32 "$dev" | tr -cd '0-9\n' || true
    echo
}

load_driver
write_udev_rule
add_users
fix_existing_devices
test_reader
say "done; users may need to log out and back in"
