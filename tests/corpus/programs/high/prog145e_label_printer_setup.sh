#!/usr/bin/env bash
# Set up the thermal label printer on a packing station.
# The printer shows up as a USB line printer; the packing app needs to be
# able to write to it without root, and CUPS needs a raw queue for it.
set -euo pipefail

QUEUE="${QUEUE:-veg_labels}"
VENDOR_ID="${VENDOR_ID:-0a5f}"
PRODUCT_ID="${PRODUCT_ID:-00d3}"
PACK_USER="${PACK_USER:-${SUDO_USER:-$USER}}"
RULE_NAME="70-veg-label-printer.rules"

step() { printf '==> %s\n' "$*"; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

# Use whichever elevation tool the station has; some run doas.
elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        die "need root for: $*"
    fi
}

find_device() {
    local dev
    for dev in /dev/usb/lp* /dev/lp*; do
        [ -e "$dev" ] && { echo "$dev"; return 0; }
    done
    return 1
}

install_udev_rule() {
    local rules_dir="/etc/udev/rules.d"
    step "installing udev rule for ${VENDOR_ID}:${PRODUCT_ID}"
    printf 'SUBSYSTEM=="usbmisc", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", GROUP="lp", MODE="0660", SYMLINK+="veglabel"\n' \
        "$VENDOR_ID" "$PRODUCT_ID" | elevate tee "$rules_dir/$RULE_NAME" >/dev/null
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usbmisc
}

grant_group() {
    if id -nG "$PACK_USER" | grep -qw lp; then
        step "$PACK_USER already in lp group"
    else
        step "adding $PACK_USER to lp group"
        elevate usermod -aG lp "$PACK_USER"
    fi
}

fix_node_now() {
    local dev="$1"
    step "adjusting $dev for this session"
    elevate chgrp lp "$dev"
    elevate chmod 0660 "$dev"
}

setup_queue() {
    local dev="$1"
    if lpstat -p "$QUEUE" >/dev/null 2>&1; then
        step "queue $QUEUE exists"
        return
    fi
    step "creating raw CUPS queue $QUEUE"
    elevate lpadmin -p "$QUEUE" -E -v "file:$dev" -m raw
    elevate systemctl restart cups
}

print_test() {
    local tmp
    tmp="$(mktemp)"
    trap 'rm -f "$tmp"' RETURN
    printf '^XA^FO50,50^A0N,40,40^FDVeg box test label^FS^XZ\n' > "$tmp"
    lp -d "$QUEUE" -o raw "$tmp" && step "test label sent"
}

main() {
    local dev
    dev="$(find_device)" || die "no USB label printer found; is it plugged in and on?"
    step "found printer at $dev"
    install_udev_rule
    grant_group
    fix_node_now "$dev"
    setup_queue "$dev"
    if [ "${1:-}" = "--test" ]; then
        print_test
    fi
    step "done; $PACK_USER may need to log out and back in"
}

main "$@"
