#!/usr/bin/env bash
# fuel_meter_serial_setup.sh - prepare a laptop to talk to the fuel truck
# meter register over its USB-serial cable.
#
# The meter's cable shows up as an FTDI adapter. We give it a stable name
# (/dev/fuelmeter) and make it readable by the line crew account so the
# ticket download tool doesn't need root.

set -euo pipefail

VENDOR_ID="${VENDOR_ID:-0403}"
PRODUCT_ID="${PRODUCT_ID:-6001}"
CREW_GROUP="${CREW_GROUP:-dialout}"
LINK_NAME="fuelmeter"
RULE_NAME="99-${LINK_NAME}.rules"

die() { echo "error: $*" >&2; exit 1; }
note() { echo "==> $*"; }

# use the elevation tool that the laptop image has
elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return
        fi
    done
    die "need sudo or doas to install the device rule"
}

find_adapter() {
    local d
    for d in /dev/ttyUSB*; do
        [ -e "$d" ] || continue
        if udevadm info -q property -n "$d" | grep -q "ID_VENDOR_ID=${VENDOR_ID}"; then
            echo "$d"
            return 0
        fi
    done
    return 1
}

write_rule() {
    local rules_dir="/${1:-etc}/udev/rules.d"
    local rule
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"${VENDOR_ID}\", ATTRS{idProduct}==\"${PRODUCT_ID}\", SYMLINK+=\"${LINK_NAME}\", GROUP=\"${CREW_GROUP}\", MODE=\"0660\""
    note "installing $rules_dir/$RULE_NAME"
    echo "$rule" | elevate tee "$rules_dir/$RULE_NAME" >/dev/null
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

fix_current_node() {
    # the rule only applies on replug; fix the node that's there now
    local dev="$1"
    note "adjusting $dev for group $CREW_GROUP"
    elevate chgrp "$CREW_GROUP" "$dev"
    elevate chmod 0660 "$dev"
}

add_user_to_group() {
    if id -nG "$USER" | grep -qw "$CREW_GROUP"; then
        note "$USER already in $CREW_GROUP"
    else
        elevate usermod -aG "$CREW_GROUP" "$USER"
        note "added $USER to $CREW_GROUP (log out and back in)"
    fi
}

main() {
    command -v udevadm >/dev/null || die "udevadm not found"
    write_rule etc
    add_user_to_group
    if dev=$(find_adapter); then
        fix_current_node "$dev"
        note "meter cable at $dev (also /dev/$LINK_NAME after replug)"
    else
        note "meter cable not plugged in; rule will apply when it is"
    fi
}

main "$@"
