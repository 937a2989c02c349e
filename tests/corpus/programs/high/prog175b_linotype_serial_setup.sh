#!/usr/bin/env bash
# Set up the USB-serial adapter that talks to the Linotype Model 31
# monitoring board (melt-pot thermocouple and line counter).
# Gives the adapter a stable name (/dev/linotype0) and lets the press-room
# account read it without being root.
set -euo pipefail

VENDOR_ID="${LINO_VENDOR_ID:-0403}"
PRODUCT_ID="${LINO_PRODUCT_ID:-6001}"
LINK_NAME="${LINO_LINK_NAME:-linotype0}"
RULE_FILE="/etc/udev/rules.d/72-pressmuseum-linotype.rules"
PRESS_USER="${PRESS_USER:-${SUDO_USER:-$USER}}"

say() { printf '\033[1m==>\033[0m %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

detect_adapter() {
    local dev
    for dev in /sys/bus/usb/devices/*; do
        [[ -f "$dev/idVendor" ]] || continue
        if [[ "$(cat "$dev/idVendor")" == "$VENDOR_ID" && "$(cat "$dev/idProduct")" == "$PRODUCT_ID" ]]; then
            say "found adapter at $(basename "$dev")"
            return 0
        fi
    done
    return 1
}

write_rule() {
    local rule
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VENDOR_ID\", ATTRS{idProduct}==\"$PRODUCT_ID\", SYMLINK+=\"$LINK_NAME\", GROUP=\"dialout\", MODE=\"0660\""
    say "writing $RULE_FILE"
    printf '%s\n' "$rule" | as_root tee "$RULE_FILE" >/dev/null
    as_root chmod 0644 "$RULE_FILE"
}

reload_udev() {
    say "reloading udev rules"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

grant_access() {
    if id -nG "$PRESS_USER" | tr ' ' '\n' | grep -qx dialout; then
        say "$PRESS_USER already in dialout"
    else
        say "adding $PRESS_USER to dialout"
        as_root usermod -aG dialout "$PRESS_USER"
    fi
    # node may already exist from before the rule; fix it without a replug
    local node
    for node in /dev/ttyUSB*; do
        [[ -e "$node" ]] || continue
        as_root chgrp dialout "$node"
        as_root chmod 0660 "$node"
    done
}

main() {
    detect_adapter || die "adapter $VENDOR_ID:$PRODUCT_ID not plugged in"
    write_rule
    reload_udev
    grant_access
    sleep 1
    if [[ -e "/dev/$LINK_NAME" ]]; then
        say "ready: /dev/$LINK_NAME -> $(readlink -f "/dev/$LINK_NAME")"
    else
        say "rule installed; replug the adapter if /dev/$LINK_NAME does not appear"
    fi
}

main "$@"
