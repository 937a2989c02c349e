#!/usr/bin/env bash
# gps_dongle_setup.sh - set up the USB receiver used to read falcon GPS tags
#
# The handheld receiver (a CP210x serial bridge) shows up as /dev/ttyUSBn
# and changes number depending on what else is plugged in. This gives it a
# stable name (/dev/falcon-gps), lets the keepers' group read it, and adds
# the current user to that group.
#
# usage: ./gps_dongle_setup.sh [--group NAME] [--dry-run]

set -euo pipefail

VENDOR_ID="10c4"
PRODUCT_ID="ea60"
GROUP="dialout"
LINK_NAME="falcon-gps"
DRY=0

while [ $# -gt 0 ]; do
    case "$1" in
        --group) GROUP="$2"; shift 2 ;;
        --dry-run) DRY=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

# run privileged steps through whichever elevation tool this box has
elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            if [ "$DRY" -eq 1 ]; then
                echo "[dry-run] $tool $*"
                return 0
            fi
            "$tool" "$@"
            return $?
        fi
    done
    echo "no sudo or doas available; ask IT to run this" >&2
    return 1
}

detect_device() {
    local dev
    for dev in /sys/bus/usb-serial/devices/*; do
        [ -e "$dev" ] || continue
        echo "found serial adapter: $(basename "$dev")"
    done
    if ! lsusb 2>/dev/null | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"; then
        echo "warning: receiver ${VENDOR_ID}:${PRODUCT_ID} not plugged in right now"
    fi
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' \
        "$VENDOR_ID" "$PRODUCT_ID"
    printf 'SYMLINK+="%s", GROUP="%s", MODE="0660"\n' "$LINK_NAME" "$GROUP"
}

install_rule() {
    local dir="/""etc/udev/rules.d"
    local target="${dir}/99-${LINK_NAME}.rules"
    echo "installing $target"
    rule_text | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

fix_current_node() {
    # the rule only applies on next plug-in; fix any node that is there now
    local n
    for n in /dev/ttyUSB*; do
        [ -e "$n" ] || continue
        elevate chgrp "$GROUP" "$n"
        elevate chmod 0660 "$n"
    done
}

add_user() {
    local me
    me="$(id -un)"
    if id -nG "$me" | tr ' ' '\n' | grep -qx "$GROUP"; then
        echo "$me already in $GROUP"
    else
        elevate usermod -aG "$GROUP" "$me"
        echo "added $me to $GROUP (log out and back in to take effect)"
    fi
}

detect_device
install_rule
fix_current_node
add_user
echo "done. The receiver will appear as /dev/${LINK_NAME}."
